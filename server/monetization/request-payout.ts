import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { transactions, users } from "@/db/schema";
import { NotificationType, TransactionStatus } from "@/lib/enums";
import { minorToDecimal } from "@/lib/validation/monetization";
import { audit } from "@/server/core/audit";
import { conflict, notFound, validation } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import type { Locale } from "@/i18n/routing";
import { appendLedger } from "./ledger";
import { formatMoney } from "@/lib/money";
import { notifyUsers, rootIds } from "./notify";
import { getMonetizationSettings } from "./settings";
import { toPayout, type Payout } from "./payout";

/**
 * POST /api/Monetization/RequestPayout (writer, root): asks for the whole balance to be paid to the payout e-mail.
 * In one transaction that locks the account row: the balance must reach root's threshold (default 50.00), a payout
 * e-mail must be set and no other request may be open (422 / 409 otherwise; a partial unique index backs the last rule
 * under concurrency). It writes a pending `payout` transaction (method, amount, status 0, createdAt, referenceId empty
 * until root records the transfer's) and a negative ledger entry, so the money is reserved at once and cannot be asked
 * for twice. Roots are told. Nothing is paid here: root makes the transfer outside the product and records it.
 */
export async function requestPayout({ db, viewer, locale }: { db: Db; viewer: SignedInViewer; locale: Locale }): Promise<Payout> {
  return runUnitOfWork(db, async (uow) => {
    const { tx } = uow;
    const [account] = await tx
      .select({ balanceMinor: sql<string>`(${users.balance} * 100)::bigint::text`, payoutEmail: users.payoutEmail, username: users.username })
      .from(users)
      .where(eq(users.id, viewer.userId))
      .for("update");
    if (!account) throw notFound("userNotFound");
    const settings = await getMonetizationSettings(tx);
    const balance = Number(account.balanceMinor);
    if (!account.payoutEmail) throw validation({ payoutEmail: [apiMessage(locale, "payoutEmailRequired")] }, "payoutEmailRequired");
    const [open] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.userId, viewer.userId), eq(transactions.method, "payout"), eq(transactions.status, TransactionStatus.Pending)))
      .limit(1);
    if (open) throw conflict("payoutPending");
    if (balance < settings.payoutThresholdMinor) {
      const params = { threshold: formatMoney(settings.payoutThresholdMinor, settings.currency, locale), balance: formatMoney(balance, settings.currency, locale) };
      throw validation({ amount: [apiMessage(locale, "payoutBelowThreshold", params)] }, "payoutBelowThreshold", { params });
    }
    const [row] = await tx
      .insert(transactions)
      .values({ userId: viewer.userId, method: "payout", amount: minorToDecimal(balance), status: TransactionStatus.Pending, referenceId: "", payoutEmail: account.payoutEmail })
      .returning();
    await appendLedger(tx, [{ userId: viewer.userId, amountMinor: -balance, kind: "payout", currency: settings.currency, transactionId: row!.id }]);
    await audit(tx, {
      actorId: viewer.userId,
      action: "monetization.payout.request",
      subject: { type: "transaction", id: row!.id },
      details: { amountMinor: balance, currency: settings.currency },
    });
    await notifyUsers(
      uow,
      await rootIds(uow),
      "payoutRequested",
      () => ({ name: account.username, amountMinor: balance, currency: settings.currency, email: account.payoutEmail! }),
      NotificationType.Info,
    );
    return toPayout({ ...row!, username: account.username });
  });
}
