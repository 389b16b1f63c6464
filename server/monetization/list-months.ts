import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currentMonth, MONETIZATION, monthStartBefore } from "@/lib/validation/monetization";
import { creatorPool } from "./shares";

/** A month as root's "close a month" list shows it. */
export interface IncomeMonth {
  month: string;
  /** Impressions recorded so far (a closed month: those it was closed with). */
  impressions: number;
  /** Writers with impressions in the month (a closed month: those credited). */
  writers: number;
  ended: boolean;
  closed: null | { incomeMinor: number; poolMinor: number; currency: string; closedAt: string; closedBy: string | null };
}

const MONTHS = 12;

/**
 * GET /api/Monetization/Months (root): the last 12 months (and any older month never closed)
 * with their impressions and, once closed, the income entered,
 * the creators' pool and who closed it; the current month is listed (not ended) so root sees it coming. Reads
 * ad_impression_months (12 × writers rows at most) and the small ad_income_months table.
 */
export async function listMonths({ db, now = new Date() }: { db: Db; now?: Date }): Promise<IncomeMonth[]> {
  const month = currentMonth(now);
  const since = monthStartBefore(now, MONTHS - 1);
  const res = await db.execute<{
    month: string;
    impressions: string;
    writers: number;
    income: string | null;
    currency: string | null;
    closed_at: Date | string | null;
    closed_by: string | null;
    closed_impressions: number | null;
    credited: number | null;
  }>(sql`
    with live as (
      select to_char(a.month, 'YYYY-MM') as month, sum(a.impressions) as impressions, count(*)::int as writers
      from ad_impression_months a
      -- The last 12 months, and any older month that was never closed (so it can still be shared).
      where a.month >= ${since}::date or not exists (select 1 from ad_income_months c where c.month = a.month)
      group by 1
    ), closed as (
      select to_char(a.month, 'YYYY-MM') as month, a.income_minor, a.currency, a.closed_at, u.username as closed_by, a.impressions,
        (select count(*)::int from ledger_entries l where l.kind = 'share' and l.month = a.month) as credited
      from ad_income_months a left join users u on u.id = a.closed_by
    )
    select s.month, coalesce(live.impressions, 0)::text as impressions, coalesce(live.writers, 0) as writers,
      closed.income_minor::text as income, closed.currency, closed.closed_at, closed.closed_by, closed.impressions as closed_impressions, closed.credited
    from (
      select to_char(g, 'YYYY-MM') as month from generate_series(${since}::date, ${month + "-01"}::date, interval '1 month') g
      union select month from closed
      union select month from live
    ) s
    left join live on live.month = s.month
    left join closed on closed.month = s.month
    order by s.month desc
    limit 36`);
  return res.rows.map((r) => {
    const closed = r.closed_at === null
      ? null
      : {
          incomeMinor: Number(r.income),
          poolMinor: creatorPool(Number(r.income), MONETIZATION.creatorSharePercent),
          currency: r.currency ?? MONETIZATION.currency,
          closedAt: new Date(r.closed_at).toISOString(),
          closedBy: r.closed_by,
        };
    return {
      month: r.month,
      impressions: closed ? Number(r.closed_impressions ?? 0) : Number(r.impressions),
      writers: closed ? Number(r.credited ?? 0) : Number(r.writers),
      ended: r.month < month,
      closed,
    };
  });
}
