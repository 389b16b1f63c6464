import { getTranslations } from "next-intl/server";
import { Pagination } from "@/components/ui/Pagination";
import { Link } from "@/i18n/navigation";
import type { Paged } from "@/lib/paged";
import { formatMoney, formatMonth } from "@/lib/money";
import { MONETIZATION } from "@/lib/validation/monetization";
import type { IncomeMonth } from "@/server/monetization/list-months";
import type { PayoutQueueState } from "@/server/monetization/list-payouts";
import type { Payout } from "@/server/monetization/payout";
import { CloseMonthButton } from "./CloseMonthButton";
import { PayoutActions } from "./PayoutActions";
import { PayoutStatus } from "./PayoutStatus";
import { Empty, Panel, Table } from "./Table";
import { ThresholdForm } from "./ThresholdForm";

/** The page's URL for a queue view and page (the waiting view and page 1 are left out). */
export function monetizationHref(state: PayoutQueueState, page = 1): string {
  const params = new URLSearchParams();
  if (state !== "pending") params.set("payouts", state);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `/dashboard/monetization?${qs}` : "/dashboard/monetization";
}

/**
 * Root's part of the monetization page (issue 16 §3): the payouts queue (waiting oldest first, or settled), the months
 * with their impressions where an ended month's income is entered and shared, and the payout threshold.
 */
export async function RootSection({
  payouts,
  state,
  months,
  thresholdMinor,
  locale,
}: {
  payouts: Paged<Payout>;
  state: PayoutQueueState;
  months: IncomeMonth[];
  thresholdMinor: number;
  locale: string;
}) {
  const [t, tDiscovery] = await Promise.all([getTranslations("monetization"), getTranslations("discovery")]);
  const money = (minor: number) => formatMoney(minor, MONETIZATION.currency, locale);
  const n = new Intl.NumberFormat(locale);
  const date = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" });
  const tab = (s: PayoutQueueState) => {
    const current = s === state;
    return (
      <li key={s}>
        <Link
          href={monetizationHref(s)}
          aria-current={current ? "page" : undefined}
          data-testid={`payouts-view-${s}`}
          scroll={false}
          className={`flex h-10 items-center rounded-xl px-4 text-sm font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
            current ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-white" : "text-zinc-700 hover:bg-white/60 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-900/60 dark:hover:text-white"
          }`}
        >
          {t(`queue.${s}`)}
        </Link>
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-6" data-testid="monetization-root">
      <Panel id="queue" title={t("queue.title")} intro={t("queue.intro")} testId="payouts-queue">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label={t("queue.filterLabel")}>
            <ul className="inline-flex gap-1 rounded-2xl bg-zinc-100 p-1 dark:bg-zinc-800/70">{(["pending", "settled"] as const).map(tab)}</ul>
          </nav>
          <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400" role="status" data-testid="payouts-results">
            {t("queue.results", { count: payouts.totalRecords })}
          </p>
        </div>
        {payouts.items.length === 0 ? (
          <Empty testId="payouts-empty">{state === "pending" ? t("queue.emptyPending") : t("queue.emptySettled")}</Empty>
        ) : (
          <Table
            testId="payouts-table"
            caption={t("queue.title")}
            columns={[
              { label: t("queue.writer") },
              { label: t("queue.email") },
              { label: t("queue.amount"), numeric: true },
              { label: state === "pending" ? t("queue.requested") : t("queue.settledAt") },
              { label: state === "pending" ? t("queue.actions") : t("queue.status") },
            ]}
            rows={payouts.items.map((p) => ({
              key: p.id,
              testId: "payout-row",
              cells: [
                <span key="w" dir="auto" className="block max-w-48 truncate" data-testid="payout-writer">{p.username ?? ""}</span>,
                <span key="e" dir="ltr" className="break-all">{p.payoutEmail ?? ""}</span>,
                money(p.amountMinor),
                date.format(new Date(state === "pending" ? p.createdAt : (p.processedAt ?? p.createdAt))),
                state === "pending" ? (
                  <PayoutActions key="a" transactionId={p.id} name={p.username ?? ""} email={p.payoutEmail ?? ""} amount={money(p.amountMinor)} />
                ) : (
                  <span key="s" className="flex flex-col items-start gap-1">
                    <PayoutStatus status={p.status} label={t(`history.statuses.${p.status}`)} />
                    <span dir="auto" className="text-xs break-words text-zinc-600 dark:text-zinc-400">{p.referenceId || p.note}</span>
                  </span>
                ),
              ],
            }))}
          />
        )}
        <Pagination
          page={payouts.pageNumber}
          totalPages={payouts.totalPages}
          hrefFor={(p) => monetizationHref(state, p)}
          t={(key, values) => tDiscovery(key, values as Record<string, string | number>)}
        />
      </Panel>

      <Panel id="months" title={t("months.title")} intro={t("months.intro", { percent: MONETIZATION.creatorSharePercent })} testId="income-months">
        <Table
          testId="months-table"
          caption={t("months.caption")}
          columns={[{ label: t("months.month") }, { label: t("months.impressions"), numeric: true }, { label: t("months.writers"), numeric: true }, { label: t("months.status") }]}
          rows={months.map((m) => ({
            key: m.month,
            testId: "month-row",
            cells: [
              formatMonth(m.month, locale),
              n.format(m.impressions),
              n.format(m.writers),
              m.closed ? (
                <span key="c" className="flex flex-col gap-0.5" data-testid="month-closed">
                  <span className="font-medium">{t("months.closed", { income: money(m.closed.incomeMinor), pool: money(m.closed.poolMinor) })}</span>
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("months.closedBy", { name: `\u2068${m.closed.closedBy ?? "—"}\u2069`, date: date.format(new Date(m.closed.closedAt)) })}</span>
                </span>
              ) : !m.ended ? (
                <span key="p" className="text-zinc-600 dark:text-zinc-400">{t("months.inProgress")}</span>
              ) : m.impressions === 0 ? (
                <span key="z" className="text-zinc-600 dark:text-zinc-400">{t("months.noImpressions")}</span>
              ) : (
                <CloseMonthButton key="b" month={m.month} impressions={m.impressions} writers={m.writers} />
              ),
            ],
          }))}
        />
      </Panel>

      <Panel id="threshold" title={t("threshold.title")} testId="threshold">
        <ThresholdForm thresholdMinor={thresholdMinor} currency={MONETIZATION.currency} />
      </Panel>
    </div>
  );
}
