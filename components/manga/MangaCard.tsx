import { Heart } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import type { Genre } from "@/db/schema/enums";

export interface MangaCardData {
  id: number;
  title: string;
  coverImageUrl: string | null;
  favorites: number;
  genres: readonly Genre[];
  user: { username: string | null };
}

/**
 * Spec §2 manga card: cover and favourite heart; on hover the title, author, favourites and genres.
 * The title also stays under the cover so touch screens (no hover) can read it.
 */
export async function MangaCard({ manga, priority = false }: { manga: MangaCardData; priority?: boolean }) {
  const t = await getTranslations("manga");
  const tg = await getTranslations("genres");
  const author = manga.user.username ?? t("unknownAuthor");
  return (
    <article className="group relative">
      <Link
        href={`/discovery/manga/${manga.id}`}
        className="block overflow-hidden rounded-2xl bg-zinc-200 shadow-sm ring-1 ring-zinc-900/5 transition duration-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:bg-zinc-800 dark:ring-white/10"
      >
        <div className="relative aspect-[2/3]">
          {manga.coverImageUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- our own immutable media URLs, sized by CSS
            <img
              src={manga.coverImageUrl}
              alt={manga.title}
              width={600}
              height={900}
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : "auto"}
              decoding="async"
              className="absolute inset-0 size-full object-cover transition duration-500 group-hover:scale-105"
            />
          ) : (
            <div className="absolute inset-0 grid place-items-center p-4 text-center font-bold text-zinc-500">{manga.title}</div>
          )}
          <div className="absolute inset-x-0 bottom-0 translate-y-2 bg-gradient-to-t from-black/90 via-black/70 to-transparent p-4 pt-16 text-white opacity-0 transition duration-300 group-hover:translate-y-0 group-hover:opacity-100 group-focus-within:translate-y-0 group-focus-within:opacity-100">
            <p className="line-clamp-2 font-bold leading-snug">{manga.title}</p>
            <p className="mt-1 text-xs text-zinc-300">{t("by", { author })}</p>
            <p className="mt-1 text-xs text-zinc-300">{t("favorites", { count: manga.favorites })}</p>
            {manga.genres.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-1">
                {manga.genres.slice(0, 3).map((g) => (
                  <li key={g} className="rounded-full bg-white/15 px-2 py-0.5 text-[11px] font-semibold backdrop-blur">
                    {tg(g)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </Link>
      <Link
        href={{ pathname: "/auth", query: { type: "login" } }}
        aria-label={t("addFavorite")}
        title={t("addFavorite")}
        className="absolute end-2 top-2 grid size-9 place-items-center rounded-full bg-black/45 text-white backdrop-blur transition hover:bg-brand-600"
      >
        <Heart className="size-4" aria-hidden />
      </Link>
      <h3 className="mt-2 truncate text-sm font-semibold">
        <Link href={`/discovery/manga/${manga.id}`} className="hover:text-brand-600 dark:hover:text-brand-400">
          {manga.title}
        </Link>
      </h3>
      <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{author}</p>
    </article>
  );
}

export function MangaCardSkeleton() {
  return (
    <div aria-hidden className="animate-pulse">
      <div className="aspect-[2/3] rounded-2xl bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-2 h-4 w-3/4 rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-1 h-3 w-1/2 rounded bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
