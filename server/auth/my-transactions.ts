import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { transactions } from "@/db/schema";

export interface MyTransaction {
  id: number;
  method: string;
  amount: number;
  /** 0 Pending, 1 Completed, 2 Failed, 3 Refunded. */
  status: number;
  createdAt: string;
  referenceId: string;
}

/** GET /api/Authentication/Me/Transactions: the caller's latest transactions (spec §3 fields). */
export async function listMyTransactions(opts: { db: Db; userId: number }): Promise<MyTransaction[]> {
  const rows = await opts.db
    .select({
      id: transactions.id,
      method: transactions.method,
      amount: transactions.amount,
      status: transactions.status,
      createdAt: transactions.createdAt,
      referenceId: transactions.referenceId,
    })
    .from(transactions)
    .where(eq(transactions.userId, opts.userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(100);
  return rows.map((r) => ({ ...r, amount: Number(r.amount), createdAt: r.createdAt.toISOString() }));
}
