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

type T = Awaited<ReturnType<typeof getTranslations<"monetization">>>;

/** Money in the payouts' currency, and the short date, in the page's locale. */
function formatsOf(locale: string) {
  return {
    money: (minor: number) => formatMoney(minor, MONETIZATION.currency, locale),
    date: new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" }),
  };
}

type Formats = ReturnType<typeof formatsOf>;

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
  const f = formatsOf(locale);

  return (
    <div className="flex flex-col gap-6" data-testid="monetization-root">
      <Panel id="queue" title={t("queue.title")} intro={t("queue.intro")} testId="payouts-queue">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label={t("queue.filterLabel")}>
            <ul className="inline-flex gap-1 rounded-2xl bg-zinc-100 p-1 dark:bg-zinc-800/70">
              {(["pending", "settled"] as const).map((s) => (
                <QueueTab key={s} view={s} current={s === state} label={t(`queue.${s}`)} />
              ))}
            </ul>
          </nav>
          <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400" role="status" data-testid="payouts-results">
            {t("queue.results", { count: payouts.totalRecords })}
          </p>
        </div>
        {payouts.items.length === 0 ? (
          <Empty testId="payouts-empty">{state === "pending" ? t("queue.emptyPending") : t("queue.emptySettled")}</Empty>
        ) : (
          <PayoutsTable t={t} items={payouts.items} state={state} f={f} />
        )}
        <Pagination
          page={payouts.pageNumber}
          totalPages={payouts.totalPages}
          hrefFor={(p) => monetizationHref(state, p)}
          t={(key, values) => tDiscovery(key, values as Record<string, string | number>)}
        />
      </Panel>

      <MonthsPanel t={t} months={months} f={f} locale={locale} />

      <Panel id="threshold" title={t("threshold.title")} testId="threshold">
        <ThresholdForm thresholdMinor={thresholdMinor} currency={MONETIZATION.currency} />
      </Panel>
    </div>
  );
}

/** One of the queue's views (waiting, settled) as a tab-like link; the current one marked. */
function QueueTab({ view, current, label }: { view: PayoutQueueState; current: boolean; label: string }) {
  return (
    <li>
      <Link
        href={monetizationHref(view)}
        aria-current={current ? "page" : undefined}
        data-testid={`payouts-view-${view}`}
        scroll={false}
        className={`flex h-10 items-center rounded-xl px-4 text-sm font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          current ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-white" : "text-zinc-700 hover:bg-white/60 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-900/60 dark:hover:text-white"
        }`}
      >
        {label}
      </Link>
    </li>
  );
}

/** The queue's page of payouts: waiting ones with their actions, settled ones with their status and reference. */
function PayoutsTable({ t, items, state, f }: { t: T; items: Payout[]; state: PayoutQueueState; f: Formats }) {
  const pending = state === "pending";
  return (
    <Table
      testId="payouts-table"
      caption={t("queue.title")}
      columns={[
        { label: t("queue.writer") },
        { label: t("queue.email") },
        { label: t("queue.amount"), numeric: true },
        { label: pending ? t("queue.requested") : t("queue.settledAt") },
        { label: pending ? t("queue.actions") : t("queue.status") },
      ]}
      rows={items.map((p) => ({
        key: p.id,
        testId: "payout-row",
        cells: [
          <span key="w" dir="auto" className="block max-w-48 truncate" data-testid="payout-writer">{p.username ?? ""}</span>,
          <span key="e" dir="ltr" className="break-all">{p.payoutEmail ?? ""}</span>,
          f.money(p.amountMinor),
          f.date.format(new Date(pending ? p.createdAt : (p.processedAt ?? p.createdAt))),
          pending ? (
            <PayoutActions key="a" transactionId={p.id} name={p.username ?? ""} email={p.payoutEmail ?? ""} amount={f.money(p.amountMinor)} />
          ) : (
            <span key="s" className="flex flex-col items-start gap-1">
              <PayoutStatus status={p.status} label={t(`history.statuses.${p.status}`)} />
              <span dir="auto" className="text-xs break-words text-zinc-600 dark:text-zinc-400">{p.referenceId || p.note}</span>
            </span>
          ),
        ],
      }))}
    />
  );
}

/** The months with their impressions and writers; an ended month with impressions can be closed with its income. */
function MonthsPanel({ t, months, f, locale }: { t: T; months: IncomeMonth[]; f: Formats; locale: string }) {
  const n = new Intl.NumberFormat(locale);
  return (
    <Panel id="months" title={t("months.title")} intro={t("months.intro", { percent: MONETIZATION.creatorSharePercent })} testId="income-months">
      <Table
        testId="months-table"
        caption={t("months.caption")}
        columns={[{ label: t("months.month") }, { label: t("months.impressions"), numeric: true }, { label: t("months.writers"), numeric: true }, { label: t("months.status") }]}
        rows={months.map((m) => ({
          key: m.month,
          testId: "month-row",
          cells: [formatMonth(m.month, locale), n.format(m.impressions), n.format(m.writers), monthStatus(m, t, f)],
        }))}
      />
    </Panel>
  );
}

/** A month's status cell: closed (income, pool, by whom and when), in progress, without impressions, or to be closed. */
function monthStatus(m: IncomeMonth, t: T, f: Formats) {
  return m.closed ? (
    <span key="c" className="flex flex-col gap-0.5" data-testid="month-closed">
      <span className="font-medium">{t("months.closed", { income: f.money(m.closed.incomeMinor), pool: f.money(m.closed.poolMinor) })}</span>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("months.closedBy", { name: `\u2068${m.closed.closedBy ?? "—"}\u2069`, date: f.date.format(new Date(m.closed.closedAt)) })}</span>
    </span>
  ) : !m.ended ? (
    <span key="p" className="text-zinc-600 dark:text-zinc-400">{t("months.inProgress")}</span>
  ) : m.impressions === 0 ? (
    <span key="z" className="text-zinc-600 dark:text-zinc-400">{t("months.noImpressions")}</span>
  ) : (
    <CloseMonthButton key="b" month={m.month} impressions={m.impressions} writers={m.writers} />
  );
}
