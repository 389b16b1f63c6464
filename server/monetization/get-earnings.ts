import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { transactions, users } from "@/db/schema";
import { currentMonth, MONETIZATION, monthStartBefore } from "@/lib/validation/monetization";
import { notFound } from "@/server/core/errors";
import { ledgerBalance } from "./ledger";
import { toPayout, type Payout } from "./payout";
import { getMonetizationSettings } from "./settings";

/** One month of a writer's statement: their impressions, the month's, their share of them and the amount credited. */
export interface Statement {
  month: string;
  impressions: number;
  monthImpressions: number;
  /** Their impressions as a share of the month's, in percent (two decimals). */
  sharePercent: number;
  amountMinor: number;
  closedAt: string;
}

/** A month on the writer's chart: impressions so far, and the amount once the month is closed (null before). */
export interface EarningsMonth {
  month: string;
  impressions: number;
  amountMinor: number | null;
}

export interface ChapterEarnings {
  chapterId: number;
  mangaId: number;
  mangaTitle: string;
  chapterTitle: string;
  chapterNumber: number;
  impressions: number;
  impressionsThisMonth: number;
  /** Their closed months' shares spread over chapters by impressions (rounded to the cent; an estimate per chapter). */
  earnedMinor: number;
}

export interface Earnings {
  currency: string;
  /** The ledger's sum of the writer's entries (users.balance is kept equal to it). */
  balanceMinor: number;
  thresholdMinor: number;
  creatorSharePercent: number;
  payoutEmail: string | null;
  canRequestPayout: boolean;
  pendingPayout: Payout | null;
  thisMonth: { month: string; impressions: number };
  months: EarningsMonth[];
  statements: Statement[];
  chapters: ChapterEarnings[];
  payouts: Payout[];
}

/** How many months the chart shows and how many chapters the table lists. */
const MONTHS = 12;
const CHAPTERS = 20;

/**
 * GET /api/Monetization/Earnings and the monetization page (writer, root: their own): everything a writer needs to
 * follow their money, read from ad_impression_days (per chapter per day), the ledger and the transactions, in a few
 * indexed queries whatever the number of impressions.
 */
export async function getEarnings({ db, userId, now = new Date() }: { db: Db; userId: number; now?: Date }): Promise<Earnings> {
  const [account] = await db.select({ payoutEmail: users.payoutEmail }).from(users).where(eq(users.id, userId)).limit(1);
  if (!account) throw notFound("userNotFound");
  const month = currentMonth(now);
  const since = monthStartBefore(now, MONTHS - 1);

  const [settings, balanceMinor, monthRows, statementRows, chapterRows, payoutRows] = await Promise.all([
    getMonetizationSettings(db),
    ledgerBalance(db, userId),
    db.execute<{ month: string; impressions: string; amount: string | null }>(sql`
      with mine as (
        select to_char(a.month, 'YYYY-MM') as month, a.impressions
        from ad_impression_months a
        where a.user_id = ${userId} and a.month >= ${since}::date
      )
      select s.month, coalesce(mine.impressions, 0)::text as impressions, l.amount_minor::text as amount
      from (select to_char(g, 'YYYY-MM') as month from generate_series(${since}::date, ${month + "-01"}::date, interval '1 month') g) s
      left join mine on mine.month = s.month
      left join ledger_entries l on l.user_id = ${userId} and l.kind = 'share' and to_char(l.month, 'YYYY-MM') = s.month
      order by s.month`),
    db.execute<{ month: string; impressions: number; month_impressions: number; amount: string; closed_at: Date | string }>(sql`
      select to_char(l.month, 'YYYY-MM') as month, l.impressions, a.impressions as month_impressions, l.amount_minor::text as amount, a.closed_at
      from ledger_entries l join ad_income_months a on a.month = l.month
      where l.user_id = ${userId} and l.kind = 'share'
      order by l.month desc limit 36`),
    db.execute<{ chapter_id: number; manga_id: number; manga_title: string; chapter_title: string; number: number; impressions: string; this_month: string; earned: string }>(sql`
      with per as (
        select d.chapter_id, date_trunc('month', d.day)::date as month, sum(d.impressions) as impressions
        from ad_impression_days d join chapters c on c.id = d.chapter_id join manga m on m.id = c.manga_id
        where m.author_id = ${userId}
        group by 1, 2
      ), months as (select month, sum(impressions) as total from per group by month)
      select per.chapter_id, c.manga_id, m.title as manga_title, c.title as chapter_title, c.number,
        sum(per.impressions)::text as impressions,
        coalesce(sum(per.impressions) filter (where per.month = ${month + "-01"}::date), 0)::text as this_month,
        coalesce(round(sum(l.amount_minor::numeric * per.impressions / nullif(months.total, 0))), 0)::text as earned
      from per
      join months on months.month = per.month
      join chapters c on c.id = per.chapter_id join manga m on m.id = c.manga_id
      left join ledger_entries l on l.user_id = ${userId} and l.kind = 'share' and l.month = per.month
      group by per.chapter_id, c.manga_id, m.title, c.title, c.number
      order by sum(per.impressions) desc, per.chapter_id
      limit ${CHAPTERS}`),
    db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.method, "payout")))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(20),
  ]);

  const months = monthRows.rows.map((r) => ({ month: r.month, impressions: Number(r.impressions), amountMinor: r.amount === null ? null : Number(r.amount) }));
  const payouts = payoutRows.map((p) => toPayout({ ...p, username: null }));
  const pendingPayout = payouts.find((p) => p.status === 0) ?? null;
  return {
    currency: settings.currency,
    balanceMinor,
    thresholdMinor: settings.payoutThresholdMinor,
    creatorSharePercent: MONETIZATION.creatorSharePercent,
    payoutEmail: account.payoutEmail,
    canRequestPayout: pendingPayout === null && account.payoutEmail !== null && balanceMinor >= settings.payoutThresholdMinor,
    pendingPayout,
    thisMonth: { month, impressions: months.find((m) => m.month === month)?.impressions ?? 0 },
    months,
    statements: statementRows.rows.map((r) => {
      const impressions = Number(r.impressions);
      const monthImpressions = Number(r.month_impressions);
      return {
        month: r.month,
        impressions,
        monthImpressions,
        sharePercent: monthImpressions > 0 ? Math.round((impressions * 10_000) / monthImpressions) / 100 : 0,
        amountMinor: Number(r.amount),
        closedAt: new Date(r.closed_at).toISOString(),
      };
    }),
    chapters: chapterRows.rows.map((r) => ({
      chapterId: Number(r.chapter_id),
      mangaId: Number(r.manga_id),
      mangaTitle: r.manga_title,
      chapterTitle: r.chapter_title,
      chapterNumber: Number(r.number),
      impressions: Number(r.impressions),
      impressionsThisMonth: Number(r.this_month),
      earnedMinor: Number(r.earned),
    })),
    payouts,
  };
}
