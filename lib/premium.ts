import { PremiumPlan } from "@/lib/enums";

/**
 * Premium plans (spec §3: Premium 0, PremiumPlus 1) and what each gives (issue 16, docs/decisions/015):
 * - Premium: every premium chapter;
 * - PremiumPlus: every premium chapter, and the reader without the sponsored overlay.
 * Neither opens scheduled chapters early: a chapter with a future publishAt stays hidden from everyone but its
 * author and root (server/visibility.ts), so public pages and counts stay the same for every viewer.
 * Payments are not taken (the FAQ's "coming soon"): root grants subscriptions (UpdateUser `subscription`).
 */
export { PremiumPlan };

export const PLANS = [PremiumPlan.Premium, PremiumPlan.PremiumPlus] as const;

export type PlanBenefit = "premiumChapters" | "noAds" | "supportCreators";

/** What each plan gives, as message keys under `premium.benefits` (the page and the paywall card list them). */
export const PLAN_BENEFITS: Record<PremiumPlan, readonly PlanBenefit[]> = {
  [PremiumPlan.Premium]: ["premiumChapters", "supportCreators"],
  [PremiumPlan.PremiumPlus]: ["premiumChapters", "noAds", "supportCreators"],
};

/** Whether a plan (null: none) reads without the sponsored overlay. */
export const isAdFree = (plan: number | null | undefined): boolean => plan === PremiumPlan.PremiumPlus;

/**
 * Whether a chapter is premium at `now`: flagged premium and its free date (a timed premium window) not yet come.
 * The server decides access with the same rule in SQL (server/visibility.ts `chapterPremiumNow`); this copy is for
 * the lock icons of chapter lists.
 */
export function isPremiumNow(row: { isPremium: boolean; freeAt?: Date | string | null }, now: number = Date.now()): boolean {
  if (!row.isPremium) return false;
  if (row.freeAt === null || row.freeAt === undefined) return true;
  const at = typeof row.freeAt === "string" ? Date.parse(row.freeAt) : row.freeAt.getTime();
  return Number.isNaN(at) || at > now;
}
