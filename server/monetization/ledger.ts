import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ledgerEntries, users } from "@/db/schema";
import type { Tx } from "@/server/core/unit-of-work";

export type LedgerKind = "share" | "payout" | "payout_return";

/** Rows per insert statement. */
const LEDGER_CHUNK = 1000;

export interface LedgerEntry {
  userId: number;
  amountMinor: number;
  kind: LedgerKind;
  currency?: string;
  month?: string | null;
  impressions?: number | null;
  transactionId?: number | null;
}

/**
 * The only way money moves (issue 16 §3): entries are appended, never updated or deleted, and each user's
 * `users.balance` is moved by the same amounts in the same transaction, so the balance is always the sum of the
 * user's entries (verifyBalances checks it; the tests assert it after every kind of write).
 */
export async function appendLedger(tx: Tx, entries: readonly LedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  // A few multi-row statements, well under PostgreSQL's 65,535 bind parameters, however many writers a month credits.
  for (let i = 0; i < entries.length; i += LEDGER_CHUNK) {
    await tx.insert(ledgerEntries).values(
      entries.slice(i, i + LEDGER_CHUNK).map((e) => ({
        userId: e.userId,
        amountMinor: e.amountMinor,
        kind: e.kind,
        currency: e.currency ?? "USD",
        month: e.month ?? null,
        impressions: e.impressions ?? null,
        transactionId: e.transactionId ?? null,
      })),
    );
  }
  const deltas = new Map<number, number>();
  for (const e of entries) deltas.set(e.userId, (deltas.get(e.userId) ?? 0) + e.amountMinor);
  const rows = [...deltas].filter(([, delta]) => delta !== 0).map(([id, delta]) => ({ id, delta }));
  if (rows.length === 0) return;
  // One statement for any number of writers (one JSON parameter); numeric arithmetic, exact.
  await tx.execute(sql`
    update ${users} set balance = ${users.balance} + v.delta::numeric / 100
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id int, delta bigint)
    where ${users.id} = v.id`);
}

/** The user's balance in minor units as the ledger says it (the sum of their entries). */
export async function ledgerBalance(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return Number(row?.sum ?? 0);
}

/** Users whose `users.balance` differs from the sum of their ledger entries (none, ever: a check for tests and ops). */
export async function verifyBalances(db: Db): Promise<Array<{ userId: number; balanceMinor: number; ledgerMinor: number }>> {
  const res = await db.execute<{ user_id: number; balance_minor: string; ledger_minor: string }>(sql`
    select u.id as user_id, (u.balance * 100)::bigint::text as balance_minor, coalesce(l.sum, 0)::text as ledger_minor
    from ${users} u left join (select user_id, sum(amount_minor) as sum from ${ledgerEntries} group by user_id) l on l.user_id = u.id
    where (u.balance * 100)::bigint <> coalesce(l.sum, 0)`);
  return res.rows.map((r) => ({ userId: Number(r.user_id), balanceMinor: Number(r.balance_minor), ledgerMinor: Number(r.ledger_minor) }));
}
