import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { transactions, users } from "@/db/schema";
import { TransactionStatus } from "@/lib/enums";
import { paged, type Paged } from "@/lib/paged";
import { toPayout, type Payout } from "./payout";

export const PAYOUT_QUEUE_STATES = ["pending", "settled"] as const;
export type PayoutQueueState = (typeof PAYOUT_QUEUE_STATES)[number];

/**
 * GET /api/Monetization/Payouts (root): the payouts queue. "pending" lists open requests oldest first (the order to
 * work them in); "settled" lists paid and failed ones newest first. With the writer's username; one query and a count,
 * both on the partial queue index.
 */
export async function listPayouts({ db, status, page, pageSize }: { db: Db; status: PayoutQueueState; page: number; pageSize: number }): Promise<Paged<Payout>> {
  const where = and(
    eq(transactions.method, "payout"),
    status === "pending" ? eq(transactions.status, TransactionStatus.Pending) : ne(transactions.status, TransactionStatus.Pending),
  );
  const order = status === "pending" ? [asc(transactions.createdAt), asc(transactions.id)] : [desc(transactions.processedAt), desc(transactions.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select({ t: transactions, username: users.username })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(where),
  ]);
  return paged(
    rows.map((r) => toPayout({ ...r.t, username: r.username })),
    page,
    pageSize,
    Number(count?.n ?? 0),
  );
}
