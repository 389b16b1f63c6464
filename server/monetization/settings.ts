import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteSettings } from "@/db/schema";
import { MONETIZATION } from "@/lib/validation/monetization";
import type { Tx } from "@/server/core/unit-of-work";

/** site_settings key of the monetisation settings (root's payout threshold). */
export const MONETIZATION_SETTINGS_KEY = "monetization";

export interface MonetizationSettings {
  payoutThresholdMinor: number;
  currency: string;
}

/** The payout threshold root set, or the default 50.00 USD. */
export async function getMonetizationSettings(db: Db | Tx): Promise<MonetizationSettings> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, MONETIZATION_SETTINGS_KEY)).limit(1);
  const value = (row?.value ?? {}) as Partial<MonetizationSettings>;
  const threshold = Number(value.payoutThresholdMinor);
  return {
    payoutThresholdMinor: Number.isSafeInteger(threshold) && threshold > 0 ? threshold : MONETIZATION.defaultThresholdMinor,
    currency: MONETIZATION.currency,
  };
}
