import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { openSignedInPage } from "@/components/dashboard/open-page";
import { titleMetadata } from "@/components/dashboard/page-metadata";
import { getDb } from "@/db/client";
import { currentSubscription, listMySubscriptions } from "@/server/auth/my-subscriptions";
import { PlanCards } from "@/components/premium/PlanCards";
import { SubscriptionCard, SubscriptionHistory } from "@/components/premium/SubscriptionCard";
import { ComingSoonNote } from "@/components/premium/ComingSoonNote";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return titleMetadata(params, "premium", "metaTitle");
}

/**
 * /dashboard/premium (every signed-in user; spec §1 "premium coming soon", issue 16 §2): the user's subscription
 * (Me/Subscriptions: type, duration, remaining days, start and end), the two plans side by side with what each
 * gives, and the FAQ's "coming soon" statement: no payment is taken and nothing here pretends to sell.
 */
export default async function PremiumPage({ params }: Props) {
  const { locale, user } = await openSignedInPage(params);
  const t = await getTranslations("premium");
  const subscriptions = await listMySubscriptions({ db: await getDb(), userId: user.id });
  const current = currentSubscription(subscriptions);
  const earlier = subscriptions.filter((s) => s.id !== current?.id);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8" data-testid="premium-page">
      <header>
        <h2 className="text-2xl font-black tracking-tight sm:text-3xl">{t("heading")}</h2>
        <p className="mt-2 max-w-3xl leading-7 text-zinc-600 dark:text-zinc-300">{t("intro")}</p>
      </header>
      <SubscriptionCard subscription={current} locale={locale} />
      <section aria-labelledby="plans-title">
        <h2 id="plans-title" className="sr-only">{t("plansLabel")}</h2>
        <PlanCards currentPlan={current?.type ?? null} />
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{t("sameSchedule")}</p>
      </section>
      <ComingSoonNote />
      {earlier.length > 0 && <SubscriptionHistory subscriptions={earlier} locale={locale} />}
    </div>
  );
}
