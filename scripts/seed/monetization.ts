import { sql } from "drizzle-orm";
import { adImpressionDays, adIncomeMonths, transactions } from "@/db/schema";
import { Role, Status, TransactionStatus } from "@/lib/enums";
import { MONETIZATION, minorToDecimal } from "@/lib/validation/monetization";
import { appendLedger } from "@/server/monetization/ledger";
import { creatorPool, splitPool } from "@/server/monetization/shares";
import { Rng } from "./random";
import type { SeedContext } from "./insert";

const DAY = 86_400_000;

/** The first day (UTC) of the month `back` months before the one `now` is in, as "YYYY-MM-DD". */
function monthStart(now: number, back: number): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
}

/**
 * The creators' money in the demo (issue 16 §3), written the way the product writes it: sponsored-overlay impressions
 * per chapter per day over the last four months; the two oldest months closed with an income, so writers hold `share`
 * ledger entries (and their balances are those entries' sums); last month ended and open, so root can close it; the
 * demo writer's earlier payout paid, and another writer's request waiting in root's queue.
 */
export async function insertMonetization(ctx: SeedContext, userIds: Map<string, number>): Promise<void> {
  const { tx } = ctx;
  const rows = await tx.execute<{ id: number; author_id: number }>(sql`
    select c.id, m.author_id from chapters c join manga m on m.id = c.manga_id join users u on u.id = m.author_id
    where c.status = ${Status.Accepted} and m.status = ${Status.Accepted} and not c.is_premium and u.role = ${Role.writer}
    order by c.id`);
  const shown = rows.rows.map((r) => ({ chapterId: Number(r.id), authorId: Number(r.author_id) }));
  if (shown.length === 0) return;

  // Impressions: every other day of the last ~120 days, for each chapter, a deterministic count.
  const days: Array<typeof adImpressionDays.$inferInsert> = [];
  for (const c of shown) {
    const rng = Rng.for("impressions", c.chapterId);
    for (let back = 0; back < 120; back += 2) {
      const day = new Date(ctx.now - back * DAY).toISOString().slice(0, 10);
      days.push({ chapterId: c.chapterId, day, impressions: 5 + Math.floor(rng.next() * 60) });
    }
  }
  for (let i = 0; i < days.length; i += 1000) await tx.insert(adImpressionDays).values(days.slice(i, i + 1000));
  // The per-writer month rows RecordImpression keeps beside the day rows.
  await tx.execute(sql`
    insert into ad_impression_months (month, user_id, impressions)
    select date_trunc('month', d.day)::date, m.author_id, sum(d.impressions)::int
    from ad_impression_days d join chapters c on c.id = d.chapter_id join manga m on m.id = c.manga_id
    group by 1, 2`);

  const root = userIds.get("root") ?? null;
  const incomes = [[3, 184_250], [2, 231_075]] as const; // 1,842.50 and 2,310.75 USD
  for (const [back, incomeMinor] of incomes) {
    const month = monthStart(ctx.now, back);
    const weights = await tx.execute<{ user_id: number; impressions: string }>(sql`
      select user_id, impressions::text from ad_impression_months where month = ${month}::date order by user_id`);
    const rowsOf = weights.rows.map((w) => ({ userId: Number(w.user_id), impressions: Number(w.impressions) }));
    const impressions = rowsOf.reduce((s, w) => s + w.impressions, 0);
    if (impressions === 0) continue;
    const shares = splitPool(creatorPool(incomeMinor, MONETIZATION.creatorSharePercent), rowsOf);
    const closedAt = new Date(Date.parse(`${monthStart(ctx.now, back - 1)}T00:00:00Z`) + 2 * DAY);
    await tx.insert(adIncomeMonths).values({ month, incomeMinor, impressions, closedAt, closedBy: root });
    await appendLedger(
      tx,
      rowsOf.map((w) => ({ userId: w.userId, amountMinor: shares.get(w.userId) ?? 0, kind: "share" as const, month, impressions: w.impressions })),
    );
  }

  // Payouts: the demo writer was paid part of it once; another writer's request waits for root.
  const payout = async (username: string, amountMinor: number, status: number, referenceId: string, daysAgo: number) => {
    const userId = userIds.get(username);
    if (userId === undefined) return;
    const [row] = await tx
      .insert(transactions)
      .values({
        userId,
        method: "payout",
        amount: minorToDecimal(amountMinor),
        status,
        referenceId,
        payoutEmail: `payouts+${username.replace(/_/g, ".")}@example.com`,
        createdAt: new Date(ctx.now - daysAgo * DAY),
        processedAt: status === TransactionStatus.Pending ? null : new Date(ctx.now - (daysAgo - 1) * DAY),
        processedBy: status === TransactionStatus.Pending ? null : root,
      })
      .returning({ id: transactions.id });
    await appendLedger(tx, [{ userId, amountMinor: -amountMinor, kind: "payout", transactionId: row!.id }]);
  };
  await payout("writer", 12_000, TransactionStatus.Completed, "DEMO-TRANSFER-0001", 20);
  await payout("qalam_studio", 6_450, TransactionStatus.Pending, "", 1);
}
