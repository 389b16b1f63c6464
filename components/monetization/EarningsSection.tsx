import { Eye, HandCoins, Percent, Wallet } from "lucide-react";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ChartCard } from "@/components/admin/overview/ChartCard";
import type { ChartPoint } from "@/components/admin/overview/chart-types";
import { Link } from "@/i18n/navigation";
import { formatMoney, formatMonth } from "@/lib/money";
import type { Earnings } from "@/server/monetization/get-earnings";
import { PayoutPanel } from "./PayoutPanel";
import { Empty, Panel, Table } from "./Table";
import { PayoutStatus } from "./PayoutStatus";

const iso = (text: string) => `\u2068${text}\u2069`;

function Figure({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-2xl border border-zinc-200 bg-white p-3 shadow-sm sm:p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <dt className="flex items-center gap-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300">
        <span className="grid size-8 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-400">{icon}</span>
        {label}
      </dt>
      <dd className="text-xl font-extrabold tracking-tight tabular-nums break-words xs:text-2xl sm:text-3xl" data-testid={testId}>{value}</dd>
    </div>
  );
}

/**
 * A writer's money on the monetization page (issue 16 §3): the FAQ's statements, the figures, the payout e-mail and
 * request, impressions and earnings per month (charts with their tables), chapters, monthly statements and payouts.
 */
export async function EarningsSection({ data, locale, heading }: { data: Earnings; locale: string; heading?: string }) {
  const t = await getTranslations("monetization");
  const money = (minor: number) => formatMoney(minor, data.currency, locale);
  const n = new Intl.NumberFormat(locale);
  const monthShort = (m: string) => formatMonth(m, locale, "short");
  const monthLong = (m: string) => formatMonth(m, locale);
  const impressionsPoints: ChartPoint[] = data.months.map((m) => ({ label: monthShort(m.month), full: monthLong(m.month), value: m.impressions }));
  const closedMonths = data.months.filter((m) => m.amountMinor !== null);
  // A month not closed yet has no amount: its row says so instead of showing a credit of 0.00.
  const earningsPoints: ChartPoint[] = data.months.map((m) => ({
    label: monthShort(m.month),
    full: m.amountMinor === null ? t("charts.earnings.openMonth", { month: monthLong(m.month) }) : monthLong(m.month),
    value: (m.amountMinor ?? 0) / 100,
  }));
  const totalImpressions = data.months.reduce((s, m) => s + m.impressions, 0);
  const totalEarned = closedMonths.reduce((s, m) => s + (m.amountMinor ?? 0), 0);
  const dateFormat = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" });
  const common = { locale, showTable: t("charts.showTable"), height: 240, labelHeader: t("charts.month") };

  return (
    <div className="flex flex-col gap-6" data-testid="earnings">
      {heading && <h2 className="text-xl font-extrabold tracking-tight">{heading}</h2>}

      <section aria-labelledby="faq-title" className="rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-6 dark:border-brand-500/30 dark:bg-brand-500/10" data-testid="monetization-faq">
        <h3 id="faq-title" className="text-lg font-bold">{t("faq.title")}</h3>
        <ul className="mt-3 flex list-disc flex-col gap-2 ps-5 text-sm leading-6 text-zinc-800 dark:text-zinc-200">
          <li className="font-semibold">{t("faq.share", { percent: data.creatorSharePercent })}</li>
          <li>{t("faq.payouts")}</li>
          <li>{t("faq.how")}</li>
          <li>{t("faq.rounding")}</li>
          <li>{t("faq.impressions")}</li>
        </ul>
      </section>

      <dl aria-label={t("figures.label")} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Figure icon={<Wallet className="size-4.5" aria-hidden />} label={t("figures.balance")} value={money(data.balanceMinor)} testId="figure-balance" />
        <Figure icon={<Eye className="size-4.5" aria-hidden />} label={t("figures.thisMonth")} value={n.format(data.thisMonth.impressions)} testId="figure-impressions" />
        <Figure icon={<HandCoins className="size-4.5" aria-hidden />} label={t("figures.threshold")} value={money(data.thresholdMinor)} testId="figure-threshold" />
        <Figure icon={<Percent className="size-4.5" aria-hidden />} label={t("figures.share")} value={`${n.format(data.creatorSharePercent)}%`} testId="figure-share" />
      </dl>

      <Panel id="payouts" title={t("payout.title")} testId="payout-panel">
        <PayoutPanel
          payoutEmail={data.payoutEmail}
          balanceMinor={data.balanceMinor}
          thresholdMinor={data.thresholdMinor}
          currency={data.currency}
          canRequest={data.canRequestPayout}
          pending={data.pendingPayout}
        />
      </Panel>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ChartCard
          {...common}
          id="impressions-per-month"
          title={t("charts.impressions.title")}
          summary={totalImpressions > 0 ? t("charts.impressions.summary", { total: n.format(totalImpressions) }) : t("charts.noData")}
          kind="bar"
          tone="sky"
          data={impressionsPoints}
          valueHeader={t("charts.impressions.value")}
          caption={t("charts.impressions.caption")}
          formatNumber={(x) => n.format(x)}
        />
        <ChartCard
          {...common}
          id="earnings-per-month"
          title={t("charts.earnings.title")}
          summary={totalEarned > 0 ? t("charts.earnings.summary", { total: money(totalEarned) }) : t("statements.empty")}
          kind="bar"
          tone="emerald"
          data={earningsPoints}
          valueHeader={t("charts.earnings.value")}
          caption={t("charts.earnings.caption")}
          formatNumber={(x) => formatMoney(Math.round(x * 100), data.currency, locale)}
        />
      </div>

      <Panel id="chapters" title={t("chapters.title")} intro={data.chapters.length > 0 ? t("chapters.earnedNote") : undefined} testId="chapter-earnings">
        {data.chapters.length === 0 ? (
          <Empty testId="chapter-earnings-empty">{t("chapters.empty")}</Empty>
        ) : (
          <Table
            testId="chapter-earnings-table"
            caption={t("chapters.caption")}
            columns={[{ label: t("chapters.chapter") }, { label: t("chapters.manga") }, { label: t("chapters.impressions"), numeric: true }, { label: t("chapters.thisMonth"), numeric: true }, { label: t("chapters.earned"), numeric: true }]}
            rows={data.chapters.map((c) => ({
              key: c.chapterId,
              cells: [
                <span key="c" dir="auto" className="inline-block max-w-56 truncate align-bottom">{c.chapterTitle || t("chapters.number", { number: c.chapterNumber })}</span>,
                <Link key="m" href={`/manga/${c.mangaId}`} dir="auto" className="inline-block max-w-56 truncate align-bottom font-medium text-brand-700 hover:underline dark:text-brand-400">{c.mangaTitle}</Link>,
                n.format(c.impressions),
                n.format(c.impressionsThisMonth),
                money(c.earnedMinor),
              ],
            }))}
          />
        )}
      </Panel>

      <Panel id="statements" title={t("statements.title")} testId="statements">
        {data.statements.length === 0 ? (
          <Empty testId="statements-empty">{t("statements.empty")}</Empty>
        ) : (
          <Table
            testId="statements-table"
            caption={t("statements.caption")}
            columns={[{ label: t("statements.month") }, { label: t("statements.yours"), numeric: true }, { label: t("statements.all"), numeric: true }, { label: t("statements.share"), numeric: true }, { label: t("statements.amount"), numeric: true }]}
            rows={data.statements.map((s) => ({
              key: s.month,
              testId: "statement-row",
              cells: [monthLong(s.month), n.format(s.impressions), n.format(s.monthImpressions), `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(s.sharePercent)}%`, money(s.amountMinor)],
            }))}
          />
        )}
      </Panel>

      <Panel id="history" title={t("history.title")} testId="payout-history">
        {data.payouts.length === 0 ? (
          <Empty testId="payout-history-empty">{t("history.empty")}</Empty>
        ) : (
          <Table
            testId="payout-history-table"
            caption={t("history.caption")}
            columns={[{ label: t("history.date") }, { label: t("history.amount"), numeric: true }, { label: t("history.to") }, { label: t("history.status") }, { label: t("history.reference") }]}
            rows={data.payouts.map((p) => ({
              key: p.id,
              testId: "payout-history-row",
              cells: [
                dateFormat.format(new Date(p.createdAt)),
                money(p.amountMinor),
                <span key="e" dir="ltr" className="break-all">{p.payoutEmail ?? ""}</span>,
                <PayoutStatus key="s" status={p.status} label={t(`history.statuses.${p.status}`)} />,
                <span key="r" dir="auto" className="break-words">{p.referenceId || (p.note ? iso(p.note) : "")}</span>,
              ],
            }))}
          />
        )}
      </Panel>
    </div>
  );
}
