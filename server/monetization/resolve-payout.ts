import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { transactions, users } from "@/db/schema";
import { NotificationType, TransactionStatus } from "@/lib/enums";
import { parseAmountMinor, type ResolvePayoutValues } from "@/lib/validation/monetization";
import { audit } from "@/server/core/audit";
import { conflict, notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { appendLedger } from "./ledger";
import { notifyUsers } from "./notify";
import { toPayout, type Payout } from "./payout";

/**
 * POST /api/Monetization/ResolvePayout (root): settles a pending payout request, once (the row is locked; a settled
 * one is a 409). "paid": root made the transfer outside the product and records its reference id; the request becomes
 * Completed. "failed": the request becomes Failed with root's note and a `payout_return` ledger entry gives the amount
 * back to the writer's balance. Audited; the writer is told in their language.
 */
export async function resolvePayout({ db, viewer, input }: { db: Db; viewer: SignedInViewer; input: ResolvePayoutValues }): Promise<Payout> {
  return runUnitOfWork(db, async (uow) => {
    const { tx } = uow;
    const [row] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, input.transactionId), eq(transactions.method, "payout")))
      .for("update");
    if (!row) throw notFound("payoutNotFound");
    if (row.status !== TransactionStatus.Pending) throw conflict("payoutAlreadySettled");
    const paid = input.outcome === "paid";
    const [updated] = await tx
      .update(transactions)
      .set({
        status: paid ? TransactionStatus.Completed : TransactionStatus.Failed,
        referenceId: paid ? input.referenceId : "",
        note: input.note === "" ? null : input.note,
        processedAt: new Date(),
        processedBy: viewer.userId,
      })
      .where(eq(transactions.id, row.id))
      .returning();
    const amountMinor = parseAmountMinor(row.amount) ?? 0;
    if (!paid) await appendLedger(tx, [{ userId: row.userId, amountMinor, kind: "payout_return", transactionId: row.id }]);
    await audit(tx, {
      actorId: viewer.userId,
      action: paid ? "monetization.payout.paid" : "monetization.payout.failed",
      subject: { type: "transaction", id: row.id },
      details: { userId: row.userId, amountMinor, ...(paid ? { referenceId: input.referenceId } : { note: input.note }) },
    });
    await notifyUsers(
      uow,
      [row.userId],
      paid ? "payoutPaid" : "payoutFailed",
      () => (paid ? { amountMinor, currency: "USD", email: row.payoutEmail ?? "", reference: input.referenceId } : { amountMinor, currency: "USD", note: input.note }),
      paid ? NotificationType.Success : NotificationType.Warning,
    );
    const [owner] = await tx.select({ username: users.username }).from(users).where(eq(users.id, row.userId));
    return toPayout({ ...updated!, username: owner?.username ?? null });
  });
}
