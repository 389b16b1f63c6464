"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFavoriteIds } from "./use-favorites";

/**
 * The favourites page's count and cards (spec §2 /dashboard/favorites), following the hearts: a card whose heart is
 * turned off leaves the list and the count at once, and comes back if the toggle fails (spec §4).
 */
export function FavoritesList({ total, items, empty }: {
  /** The number of favourites the server counted (the list may hold only its first page). */
  total: number;
  items: ReadonlyArray<{ id: number; card: ReactNode }>;
  empty: ReactNode;
}) {
  const t = useTranslations("favoritesPage");
  const { signedIn, ready, ids } = useFavoriteIds();
  // The hearts' ids follow the server's list only once the browser knows the session and has them: until then (the
  // server's render, the first paint, a session still loading) the list is the server's, never an empty one.
  const shown = signedIn && ready ? items.filter((item) => ids.has(item.id)) : items;
  const count = Math.max(0, total - (items.length - shown.length));
  return (
    <>
      <p className="-mt-4 text-zinc-600 dark:text-zinc-400">
        {t("subtitle")} <span className="font-semibold" data-testid="favorites-count">{t("count", { count })}</span>
      </p>
      {shown.length === 0 ? (
        empty
      ) : (
        <div className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {shown.map((item) => (
            <div key={item.id}>{item.card}</div>
          ))}
        </div>
      )}
    </>
  );
}
