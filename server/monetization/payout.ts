import type { transactions } from "@/db/schema";
import { parseAmountMinor } from "@/lib/validation/monetization";

/** A payout request as the API answers it (the spec's transaction fields, plus what the queue needs). */
export interface Payout {
  id: number;
  userId: number;
  username: string | null;
  method: string;
  amount: number;
  amountMinor: number;
  currency: string;
  /** 0 Pending, 1 Completed (paid), 2 Failed (TransactionStatus). */
  status: number;
  createdAt: string;
  /** The transfer service's reference, recorded by root when paid; "" while pending or when it failed. */
  referenceId: string;
  payoutEmail: string | null;
  processedAt: string | null;
  note: string | null;
}

export function toPayout(row: typeof transactions.$inferSelect & { username: string | null }): Payout {
  const amountMinor = parseAmountMinor(row.amount) ?? 0;
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    method: row.method,
    amount: amountMinor / 100,
    amountMinor,
    currency: "USD",
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    referenceId: row.referenceId,
    payoutEmail: row.payoutEmail,
    processedAt: row.processedAt ? row.processedAt.toISOString() : null,
    note: row.note,
  };
}
