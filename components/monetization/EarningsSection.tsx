import { Eye, HandCoins, Percent, Wallet } from "lucide-react";
import { getTranslations } from "next-intl/server";
import type { ComponentProps, ReactNode } from "react";
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

type T = Awaited<ReturnType<typeof getTranslations<"monetization">>>;

/** The section's number, money and month formats in the page's locale. */
function formatsOf(data: Earnings, locale: string) {
  return {
    money: (minor: number) => formatMoney(minor, data.currency, locale),
    n: new Intl.NumberFormat(locale),
    monthShort: (m: string) => formatMonth(m, locale, "short"),
    monthLong: (m: string) => formatMonth(m, locale),
  };
}

type Formats = ReturnType<typeof formatsOf>;

/**
 * A writer's money on the monetization page (issue 16 §3): the FAQ's statements, the figures, the payout e-mail and
 * request, impressions and earnings per month (charts with their tables), chapters, monthly statements and payouts.
 */
export async function EarningsSection({ data, locale, heading }: { data: Earnings; locale: string; heading?: string }) {
  const t = await getTranslations("monetization");
  const f = formatsOf(data, locale);

  return (
    <div className="flex flex-col gap-6" data-testid="earnings">
      {heading && <h2 className="text-xl font-extrabold tracking-tight">{heading}</h2>}
      <Faq t={t} percent={data.creatorSharePercent} />
      <Figures t={t} data={data} f={f} />

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

      <MonthCharts t={t} data={data} f={f} locale={locale} />
      <ChapterEarnings t={t} chapters={data.chapters} f={f} />
      <Statements t={t} statements={data.statements} f={f} locale={locale} />
      <PayoutHistory t={t} payouts={data.payouts} f={f} locale={locale} />
    </div>
  );
}

/** The FAQ's statements: the writer's share first. */
function Faq({ t, percent }: { t: T; percent: number }) {
  return (
    <section aria-labelledby="faq-title" className="rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-6 dark:border-brand-500/30 dark:bg-brand-500/10" data-testid="monetization-faq">
      <h3 id="faq-title" className="text-lg font-bold">{t("faq.title")}</h3>
      <ul className="mt-3 flex list-disc flex-col gap-2 ps-5 text-sm leading-6 text-zinc-800 dark:text-zinc-200">
        <li className="font-semibold">{t("faq.share", { percent })}</li>
        <li>{t("faq.payouts")}</li>
        <li>{t("faq.how")}</li>
        <li>{t("faq.rounding")}</li>
        <li>{t("faq.impressions")}</li>
      </ul>
    </section>
  );
}

/** The four figures: balance, this month's impressions, the payout threshold and the writer's share. */
function Figures({ t, data, f }: { t: T; data: Earnings; f: Formats }) {
  return (
    <dl aria-label={t("figures.label")} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <Figure icon={<Wallet className="size-4.5" aria-hidden />} label={t("figures.balance")} value={f.money(data.balanceMinor)} testId="figure-balance" />
      <Figure icon={<Eye className="size-4.5" aria-hidden />} label={t("figures.thisMonth")} value={f.n.format(data.thisMonth.impressions)} testId="figure-impressions" />
      <Figure icon={<HandCoins className="size-4.5" aria-hidden />} label={t("figures.threshold")} value={f.money(data.thresholdMinor)} testId="figure-threshold" />
      <Figure icon={<Percent className="size-4.5" aria-hidden />} label={t("figures.share")} value={`${f.n.format(data.creatorSharePercent)}%`} testId="figure-share" />
    </dl>
  );
}

/** Impressions and earnings per month, as charts with their tables. */
function MonthCharts({ t, data, f, locale }: { t: T; data: Earnings; f: Formats; locale: string }) {
  const impressionsPoints: ChartPoint[] = data.months.map((m) => ({ label: f.monthShort(m.month), full: f.monthLong(m.month), value: m.impressions }));
  const closedMonths = data.months.filter((m) => m.amountMinor !== null);
  // A month not closed yet has no amount: its row says so instead of showing a credit of 0.00.
  const earningsPoints: ChartPoint[] = data.months.map((m) => ({
    label: f.monthShort(m.month),
    full: m.amountMinor === null ? t("charts.earnings.openMonth", { month: f.monthLong(m.month) }) : f.monthLong(m.month),
    value: (m.amountMinor ?? 0) / 100,
  }));
  const totalImpressions = data.months.reduce((s, m) => s + m.impressions, 0);
  const totalEarned = closedMonths.reduce((s, m) => s + (m.amountMinor ?? 0), 0);
  const common = { locale, showTable: t("charts.showTable"), height: 240, labelHeader: t("charts.month") };

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <ChartCard
        {...common}
        id="impressions-per-month"
        title={t("charts.impressions.title")}
        summary={totalImpressions > 0 ? t("charts.impressions.summary", { total: f.n.format(totalImpressions) }) : t("charts.noData")}
        kind="bar"
        tone="sky"
        data={impressionsPoints}
        valueHeader={t("charts.impressions.value")}
        caption={t("charts.impressions.caption")}
        formatNumber={(x) => f.n.format(x)}
      />
      <ChartCard
        {...common}
        id="earnings-per-month"
        title={t("charts.earnings.title")}
        summary={totalEarned > 0 ? t("charts.earnings.summary", { total: f.money(totalEarned) }) : t("statements.empty")}
        kind="bar"
        tone="emerald"
        data={earningsPoints}
        valueHeader={t("charts.earnings.value")}
        caption={t("charts.earnings.caption")}
        formatNumber={(x) => formatMoney(Math.round(x * 100), data.currency, locale)}
      />
    </div>
  );
}

/** What each chapter earned: impressions in all and this month, and the amount. */
function ChapterEarnings({ t, chapters, f }: { t: T; chapters: Earnings["chapters"]; f: Formats }) {
  const columns = [{ label: t("chapters.chapter") }, { label: t("chapters.manga") }, { label: t("chapters.impressions"), numeric: true }, { label: t("chapters.thisMonth"), numeric: true }, { label: t("chapters.earned"), numeric: true }];
  const rows = chapters.map((c) => ({
    key: c.chapterId,
    cells: [
      <span key="c" dir="auto" className="inline-block max-w-56 truncate align-bottom">{c.chapterTitle || t("chapters.number", { number: c.chapterNumber })}</span>,
      <Link key="m" href={`/manga/${c.mangaId}`} dir="auto" className="inline-block max-w-56 truncate align-bottom font-medium text-brand-700 hover:underline dark:text-brand-400">{c.mangaTitle}</Link>,
      f.n.format(c.impressions),
      f.n.format(c.impressionsThisMonth),
      f.money(c.earnedMinor),
    ],
  }));
  return <TablePanel t={t} section="chapters" testId="chapter-earnings" intro={chapters.length > 0 ? t("chapters.earnedNote") : undefined} columns={columns} rows={rows} />;
}

/** The monthly statements: the writer's impressions against all, the share and the amount. */
function Statements({ t, statements, f, locale }: { t: T; statements: Earnings["statements"]; f: Formats; locale: string }) {
  const share = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const columns = [{ label: t("statements.month") }, { label: t("statements.yours"), numeric: true }, { label: t("statements.all"), numeric: true }, { label: t("statements.share"), numeric: true }, { label: t("statements.amount"), numeric: true }];
  const rows = statements.map((s) => ({
    key: s.month,
    testId: "statement-row",
    cells: [f.monthLong(s.month), f.n.format(s.impressions), f.n.format(s.monthImpressions), `${share.format(s.sharePercent)}%`, f.money(s.amountMinor)],
  }));
  return <TablePanel t={t} section="statements" testId="statements" columns={columns} rows={rows} />;
}

/** The writer's payouts: when, how much, to which address, their status and the transfer's reference (or root's note). */
function PayoutHistory({ t, payouts, f, locale }: { t: T; payouts: Earnings["payouts"]; f: Formats; locale: string }) {
  const dateFormat = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" });
  const columns = [{ label: t("history.date") }, { label: t("history.amount"), numeric: true }, { label: t("history.to") }, { label: t("history.status") }, { label: t("history.reference") }];
  const rows = payouts.map((p) => ({
    key: p.id,
    testId: "payout-history-row",
    cells: [
      dateFormat.format(new Date(p.createdAt)),
      f.money(p.amountMinor),
      <span key="e" dir="ltr" className="break-all">{p.payoutEmail ?? ""}</span>,
      <PayoutStatus key="s" status={p.status} label={t(`history.statuses.${p.status}`)} />,
      <span key="r" dir="auto" className="break-words">{p.referenceId || (p.note ? iso(p.note) : "")}</span>,
    ],
  }));
  return <TablePanel t={t} section="history" testId="payout-history" columns={columns} rows={rows} />;
}

/**
 * One of the writer's tables in its panel (`section`'s title and caption), or `section.empty` when it has no rows. The
 * table's test id is `${testId}-table`, the empty line's `${testId}-empty`.
 */
function TablePanel({ t, section, testId, intro, columns, rows }: { t: T; section: "chapters" | "statements" | "history"; testId: string; intro?: string } & Pick<ComponentProps<typeof Table>, "columns" | "rows">) {
  return (
    <Panel id={section} title={t(`${section}.title`)} intro={intro} testId={testId}>
      {rows.length === 0 ? <Empty testId={`${testId}-empty`}>{t(`${section}.empty`)}</Empty> : <Table testId={`${testId}-table`} caption={t(`${section}.caption`)} columns={columns} rows={rows} />}
    </Panel>
  );
}
