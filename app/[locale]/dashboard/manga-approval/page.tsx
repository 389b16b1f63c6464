import type { Metadata } from "next";
import { Inbox, ScanSearch } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { firstParam, openGatedPage, type DashboardPageProps } from "@/components/dashboard/open-page";
import { gatedPageMetadata } from "@/components/dashboard/page-metadata";
import { Pagination } from "@/components/ui/Pagination";
import { QueueFilters } from "@/components/publishing/review/QueueFilters";
import { QueueList } from "@/components/publishing/review/QueueList";
import { queueHref } from "@/components/publishing/review/queue-href";
import { getDb } from "@/db/client";
import { Role } from "@/lib/enums";
import { Link } from "@/i18n/navigation";
import { isQueueState, listReviewQueue, nextPendingMangaId, type QueueState } from "@/server/publishing/review-queue";
import { buttonClass } from "@/components/ui/Button";

type Props = DashboardPageProps;

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return gatedPageMetadata(params, "mangaApproval", PAGE_ROLES.mangaApproval);
}

/**
 * /dashboard/manga-approval (spec §2, §4): root's review queue (pending first, by state, searchable, with counts) or
 * a writer's own submissions with their states and the review team's notes.
 */
export default async function MangaApprovalPage({ params, searchParams }: Props) {
  const opened = await openGatedPage(params, "mangaApproval");
  if ("denied" in opened) return opened.denied;
  const { viewer: actor } = opened;

  const isRoot = actor.role === Role.root;
  const defaultState: QueueState = isRoot ? "pending" : "all";
  const sp = await searchParams;
  const rawState = firstParam(sp.state);
  const state = isQueueState(rawState) ? rawState : defaultState;
  const search = (firstParam(sp.q) ?? "").slice(0, 100);
  const page = Number(firstParam(sp.page) ?? 1) || 1;

  const db = await getDb();
  const queue = await listReviewQueue({ db, actor, state, search, page });
  const oldest = isRoot && queue.counts.pending > 0
    ? (state === "pending" && queue.page === 1 && !search ? (queue.items[0]?.id ?? null) : await nextPendingMangaId({ db, actor }))
    : null;

  const [t, tDiscovery] = await Promise.all([getTranslations("approval.queue"), getTranslations("discovery")]);
  const total = queue.counts[state];
  const empty = search
    ? t("emptySearch", { search })
    : state === "pending" ? (isRoot ? t("emptyPending") : t("emptyPendingWriter")) : t("emptyOther");

  return (
    <section aria-labelledby="approval-heading" className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="approval-heading" className="text-2xl font-extrabold tracking-tight">
            {isRoot ? t("rootHeading") : t("writerHeading")}
          </h2>
          <p className="mt-1 max-w-2xl text-zinc-600 dark:text-zinc-400">{isRoot ? t("rootIntro") : t("writerIntro")}</p>
          {!isRoot && (
            <p className="mt-3 inline-block rounded-xl bg-zinc-100 px-3 py-1.5 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300" data-testid="approval-root-only">
              {t("rootOnly")}
            </p>
          )}
        </div>
        {oldest !== null && (
          <Link
            href={`/dashboard/manga-approval/${oldest}`}
            className={`${buttonClass()} shrink-0`}
            data-testid="start-review"
          >
            <ScanSearch className="size-4.5" aria-hidden />
            {t("startReview")}
          </Link>
        )}
      </header>

      <QueueFilters key={`${state}|${search}`} state={state} search={search} counts={queue.counts} defaultState={defaultState} isRoot={isRoot} />

      <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400" role="status" data-testid="queue-results">
        {t("results", { count: total })}
      </p>

      {queue.items.length > 0 ? (
        <QueueList items={queue.items} isRoot={isRoot} />
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700" data-testid="queue-empty">
          <Inbox className="size-10 text-brand-600 dark:text-brand-400" aria-hidden />
          <p className="font-semibold">{empty}</p>
          {!isRoot && total === 0 && !search && state === "all" && (
            <Link href="/dashboard/create-manga" className={`mt-1 ${buttonClass({ size: "sm" })}`}>
              {t("createFirst")}
            </Link>
          )}
        </div>
      )}

      <Pagination
        page={queue.page}
        totalPages={queue.totalPages}
        hrefFor={(p) => queueHref({ state, search, page: p, defaultState })}
        t={(key, values) => tDiscovery(key, values as Record<string, string | number>)}
      />
    </section>
  );
}
