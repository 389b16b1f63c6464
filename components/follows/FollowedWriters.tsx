"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useApiMutation } from "@/components/providers/api-query";
import { Button } from "@/components/ui/Button";
import { EmptyState } from "@/components/ui/EmptyState";
import { notifyError, notifySuccess } from "@/components/ui/toast";
import { Link } from "@/i18n/navigation";
import { isolate } from "@/lib/bidi";
import { getQueryClient } from "@/lib/query-client";
import { FOLLOWING_KEY, type FollowedWriterItem } from "./SignedInFollow";

/**
 * "Writers you follow" on the favourites page (issue 34, item 4): each writer links to their page, with their follower
 * count and an Unfollow button. The list comes from the server's render; an unfollowed writer leaves it at once (and
 * comes back if the server refuses).
 */
export function FollowedWriters({ initial }: { initial: readonly FollowedWriterItem[] }) {
  const t = useTranslations("writers");
  const [writers, setWriters] = useState(initial);
  const unfollow = useApiMutation((api, writer: FollowedWriterItem) => api("/api/Follow/Unfollow", { method: "POST", body: { writerId: writer.id } }), {
    optimistic: (writer) => {
      const before = writers;
      setWriters((list) => list.filter((w) => w.id !== writer.id));
      return before;
    },
    rollback: (before) => setWriters(before),
    onSuccess: (_result, writer) => {
      void getQueryClient().invalidateQueries({ queryKey: FOLLOWING_KEY });
      notifySuccess(t("unfollowed", { name: isolate(writer.username) }));
    },
    onError: (error) => notifyError(error, t("failed")),
  });
  return (
    <section aria-labelledby="followed-writers-heading" className="mt-4 flex flex-col gap-3" data-testid="followed-writers">
      <div>
        <h2 id="followed-writers-heading" className="text-xl font-extrabold">{t("followingHeading")}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("followingIntro")}</p>
      </div>
      {writers.length === 0 ? (
        <EmptyState title={t("followingEmpty")} />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {writers.map((w) => (
            <li key={w.id} className="flex items-center justify-between gap-3 rounded-2xl border border-zinc-200 px-4 py-2.5 dark:border-zinc-800" data-testid="followed-writer">
              <div className="min-w-0">
                <Link href={`/writers/${encodeURIComponent(w.username)}`} dir="auto" className="block truncate font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
                  {w.username}
                </Link>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("followers", { count: w.followers })}</p>
              </div>
              <Button variant="dangerGhost" size="sm" aria-label={t("unfollowLabel", { name: w.username })} onClick={() => unfollow.mutate(w)} disabled={unfollow.isPending && unfollow.variables?.id === w.id}>
                {t("unfollow")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
