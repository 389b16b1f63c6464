import { getTranslations } from "next-intl/server";
import { Check, Crown, Sparkles, X } from "lucide-react";
import { Badge } from "@/components/ui/Badge";
import { PLAN_BENEFITS, PLANS, type PlanBenefit } from "@/lib/premium";

const ALL_BENEFITS: readonly PlanBenefit[] = ["premiumChapters", "noAds", "supportCreators"];

/**
 * The two plans side by side (spec §3: Premium 0, PremiumPlus 1) with what each gives (lib/premium.ts), the
 * viewer's own plan marked. `tone`: the dashboard's light/dark page, or the reader's dark paywall (compact).
 */
export async function PlanCards({ currentPlan = null, tone = "page", headingLevel = 3 }: { currentPlan?: number | null; tone?: "page" | "reader"; headingLevel?: 2 | 3 }) {
  const t = await getTranslations("premium");
  const reader = tone === "reader";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={`grid gap-3 ${reader ? "sm:grid-cols-2" : "gap-4 md:grid-cols-2"}`} aria-label={t("plansLabel")} data-testid="premium-plans">
      {PLANS.map((plan) => {
        const plus = plan === 1;
        const mine = currentPlan === plan;
        const Icon = plus ? Sparkles : Crown;
        return (
          <li
            key={plan}
            data-testid={`plan-${plan}`}
            data-current={mine || undefined}
            className={`relative flex flex-col rounded-2xl border text-start ${reader ? "p-4" : "p-5 sm:p-6"} ${
              reader
                ? plus ? "border-amber-300/40 bg-amber-400/10" : "border-white/10 bg-white/5"
                : plus
                  ? "border-amber-300 bg-gradient-to-b from-amber-50 to-white shadow-sm dark:border-amber-400/40 dark:from-amber-500/10 dark:to-zinc-900"
                  : "border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
            } ${mine ? "ring-2 ring-brand-500" : ""}`}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="flex items-center gap-3">
                <span className={`grid size-10 shrink-0 place-items-center rounded-xl ${plus ? "bg-amber-400 text-zinc-950" : reader ? "bg-white/10 text-amber-300" : "bg-brand-100 text-brand-700 dark:bg-brand-500/15 dark:text-brand-400"}`}>
                  <Icon className="size-5" aria-hidden />
                </span>
                <Heading className={`font-black ${reader ? "text-lg text-white" : "text-xl"}`}>{t(`plans.${plan}`)}</Heading>
              </div>
              {mine && (
                <Badge tone="brand" testId="plan-current" className="shrink-0">{t("yourPlan")}</Badge>
              )}
            </div>
            <p className={`mt-3 text-sm ${reader ? "text-zinc-300" : "text-zinc-600 dark:text-zinc-300"}`}>{t(`planTagline.${plan}`)}</p>
            <ul className="mt-4 flex flex-col gap-2 text-sm">
              {ALL_BENEFITS.map((benefit) => {
                const has = PLAN_BENEFITS[plan].includes(benefit);
                return (
                  <li key={benefit} className={`flex items-start gap-2 ${has ? "" : reader ? "text-zinc-500" : "text-zinc-500 dark:text-zinc-400"}`}>
                    {has ? (
                      <Check className={`mt-0.5 size-4 shrink-0 ${reader ? "text-emerald-400" : "text-emerald-600 dark:text-emerald-400"}`} aria-hidden />
                    ) : (
                      <X className="mt-0.5 size-4 shrink-0" aria-hidden />
                    )}
                    <span>
                      <span className="sr-only">{has ? t("included") : t("notIncluded")}: </span>
                      {has ? t(`benefits.${benefit}`) : <s>{t(`benefits.${benefit}`)}</s>}
                    </span>
                  </li>
                );
              })}
            </ul>
            {!reader && <p className="mt-auto pt-5 text-sm font-semibold text-zinc-500 dark:text-zinc-400">{t("priceSoon")}</p>}
          </li>
        );
      })}
    </ul>
  );
}
