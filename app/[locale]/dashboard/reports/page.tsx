import type { Metadata } from "next";
import { Inbox } from "lucide-react";
import { getMessages, getTranslations } from "next-intl/server";
import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { firstParam, openGatedPage, type DashboardPageProps } from "@/components/dashboard/open-page";
import { gatedPageMetadata } from "@/components/dashboard/page-metadata";
import { Pagination } from "@/components/ui/Pagination";
import { ReportQueue } from "@/components/reports/ReportQueue";
import { getDb } from "@/db/client";
import { TextsProvider } from "@/i18n/client";
import { Link } from "@/i18n/navigation";
import { pickMessages } from "@/lib/i18n-pick";
import type { ReportQueueState } from "@/lib/validation/reports";
import { listReports } from "@/server/reports/list-reports";

type Props = DashboardPageProps;

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return gatedPageMetadata(params, "reports", PAGE_ROLES.reports);
}

const PAGE_SIZE = 10;

/** The page's URL for a view and page (the open view and page 1 are left out). */
function reportsHref(state: ReportQueueState, page = 1): string {
  const params = new URLSearchParams();
  if (state !== "open") params.set("status", state);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `/dashboard/reports?${qs}` : "/dashboard/reports";
}

/**
 * /dashboard/reports (root; issue 15, beyond the spec): what readers reported, grouped by manga or chapter with counts
 * per reason and the latest texts; each group is dismissed, hidden or deleted at once. The view and page are in the URL.
 */
export default async function ReportsPage({ params, searchParams }: Props) {
  const opened = await openGatedPage(params, "reports");
  if ("denied" in opened) return opened.denied;

  const sp = await searchParams;
  const state: ReportQueueState = firstParam(sp.status) === "resolved" ? "resolved" : "open";
  const requested = Number(firstParam(sp.page) ?? 1);
  const page = Number.isSafeInteger(requested) && requested >= 1 && requested <= 1_000_000 ? requested : 1;
  const data = await listReports({ db: await getDb(), state, page, pageSize: PAGE_SIZE });

  const [t, tDiscovery, messages] = await Promise.all([getTranslations("reports.queue"), getTranslations("discovery"), getMessages()]);
  const tab = (s: ReportQueueState) => {
    const current = s === state;
    return (
      <li key={s}>
        <Link
          href={reportsHref(s)}
          aria-current={current ? "page" : undefined}
          data-testid={`reports-view-${s}`}
          className={`flex h-10 items-center rounded-xl px-4 text-sm font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
            current
              ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-white"
              : "text-zinc-700 hover:bg-white/60 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-900/60 dark:hover:text-white"
          }`}
        >
          {t(s)}
        </Link>
      </li>
    );
  };

  return (
    <section aria-labelledby="reports-heading" className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="reports-heading" tabIndex={-1} className="text-2xl font-extrabold tracking-tight focus:outline-none">
            {t("heading")}
          </h2>
          <p className="mt-1 max-w-2xl text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
        </div>
        <nav aria-label={t("filterLabel")} className="shrink-0">
          <ul className="inline-flex gap-1 rounded-2xl bg-zinc-100 p-1 dark:bg-zinc-800/70">{(["open", "resolved"] as const).map(tab)}</ul>
        </nav>
      </header>

      {/* The count only above a list: an empty tab says so once, in its box below. */}
      {data.totalRecords > 0 && (
        <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400" role="status" data-testid="reports-results">
          {t("results", { count: data.totalRecords })}
        </p>
      )}

      {data.items.length > 0 ? (
        <TextsProvider messages={pickMessages(messages, ["reports"])}>
          <ReportQueue groups={data.items} resolved={state === "resolved"} />
        </TextsProvider>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700" data-testid="reports-empty">
          <Inbox className="size-10 text-brand-600 dark:text-brand-400" aria-hidden />
          <p className="font-semibold">{state === "open" ? t("emptyOpen") : t("emptyResolved")}</p>
        </div>
      )}

      <Pagination
        page={data.pageNumber}
        totalPages={data.totalPages}
        hrefFor={(p) => reportsHref(state, p)}
        t={(key, values) => tDiscovery(key, values as Record<string, string | number>)}
      />
    </section>
  );
}
