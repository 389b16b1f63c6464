import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { adImpressionMonths, adIncomeMonths, users } from "@/db/schema";
import { NotificationType } from "@/lib/enums";
import { MONETIZATION, monthKey, type CloseMonthValues } from "@/lib/validation/monetization";
import { audit } from "@/server/core/audit";
import { conflict } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { appendLedger } from "./ledger";
import { notifyUsers } from "./notify";
import { creatorPool, splitPool } from "./shares";

export interface ClosedMonth {
  month: string;
  incomeMinor: number;
  poolMinor: number;
  currency: string;
  impressions: number;
  writers: number;
}

/**
 * POST /api/Monetization/CloseMonth (root): enters an ended month's net advertising income and closes the month, in one
 * transaction: the month row is inserted (its primary key makes a second close, even a concurrent one, a 409), the
 * month's impressions per writer are read from ad_impression_months (one row per writer; deleted accounts take no
 * part), and each writer is credited their share of 60% of the income as a `share` ledger entry
 * (./shares.ts states the rounding). Audited; each credited writer is told in their language. A month without
 * impressions cannot be closed (nobody could be credited): 409.
 */
export async function closeMonth({ db, viewer, input }: { db: Db; viewer: SignedInViewer; input: CloseMonthValues }): Promise<ClosedMonth> {
  const key = monthKey(input.month);
  const currency = MONETIZATION.currency;
  return runUnitOfWork(db, async (uow) => {
    const { tx } = uow;
    const inserted = await tx
      .insert(adIncomeMonths)
      .values({ month: key, incomeMinor: input.income, currency, closedAt: sql`now()`, closedBy: viewer.userId })
      .onConflictDoNothing()
      .returning({ month: adIncomeMonths.month });
    if (inserted.length === 0) throw conflict("monthAlreadyClosed", { params: { month: input.month } });

    const weights = await tx
      .select({ userId: adImpressionMonths.userId, impressions: adImpressionMonths.impressions })
      .from(adImpressionMonths)
      .innerJoin(users, eq(users.id, adImpressionMonths.userId))
      .where(and(eq(adImpressionMonths.month, key), isNull(users.deletedAt)))
      .orderBy(adImpressionMonths.userId);
    const rows = weights.map((w) => ({ userId: Number(w.userId), impressions: Number(w.impressions) })).filter((w) => w.impressions > 0);
    const impressions = rows.reduce((sum, w) => sum + w.impressions, 0);
    if (impressions === 0) throw conflict("monthHasNoImpressions", { params: { month: input.month } });

    const poolMinor = creatorPool(input.income, MONETIZATION.creatorSharePercent);
    const shares = splitPool(poolMinor, rows);
    await tx.update(adIncomeMonths).set({ impressions }).where(eq(adIncomeMonths.month, key));
    await appendLedger(
      tx,
      rows.map((w) => ({ userId: w.userId, amountMinor: shares.get(w.userId) ?? 0, kind: "share" as const, currency, month: key, impressions: w.impressions })),
    );
    await audit(tx, {
      actorId: viewer.userId,
      action: "monetization.month.close",
      subject: { type: "month", id: input.month },
      details: { incomeMinor: input.income, poolMinor, currency, impressions, writers: rows.length },
    });
    const byUser = new Map(rows.map((w) => [w.userId, w.impressions]));
    await notifyUsers(
      uow,
      rows.map((w) => w.userId),
      "shareCredited",
      (userId) => ({ month: key.slice(0, 7), amountMinor: shares.get(userId) ?? 0, currency, impressions: byUser.get(userId) ?? 0 }),
      NotificationType.Success,
    );
    return { month: input.month, incomeMinor: input.income, poolMinor, currency, impressions, writers: rows.length };
  });
}
