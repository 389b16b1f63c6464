import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteSettings } from "@/db/schema";
import type { PayoutThresholdValues } from "@/lib/validation/monetization";
import { audit } from "@/server/core/audit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { getMonetizationSettings, MONETIZATION_SETTINGS_KEY, type MonetizationSettings } from "./settings";

/** POST /api/Monetization/Settings (root): the balance a writer needs before asking for a payout. Audited with the old value. */
export async function setPayoutThreshold({ db, viewer, input }: { db: Db; viewer: SignedInViewer; input: PayoutThresholdValues }): Promise<MonetizationSettings> {
  return runUnitOfWork(db, async ({ tx }) => {
    const before = await getMonetizationSettings(tx);
    const value = { payoutThresholdMinor: input.threshold };
    await tx
      .insert(siteSettings)
      .values({ key: MONETIZATION_SETTINGS_KEY, value, updatedBy: viewer.userId })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy: viewer.userId, updatedAt: sql`now()` } });
    await audit(tx, {
      actorId: viewer.userId,
      action: "monetization.settings.save",
      subject: { type: "settings", id: MONETIZATION_SETTINGS_KEY },
      details: { from: before.payoutThresholdMinor, to: input.threshold },
    });
    return { ...before, payoutThresholdMinor: input.threshold };
  });
}
