import type { Metadata } from "next";
import { getMessages, getTranslations } from "next-intl/server";
import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { firstParam, openGatedPage, type DashboardPageProps } from "@/components/dashboard/open-page";
import { gatedPageMetadata } from "@/components/dashboard/page-metadata";
import { EarningsSection } from "@/components/monetization/EarningsSection";
import { RootSection } from "@/components/monetization/RootSection";
import { getDb } from "@/db/client";
import { TextsProvider } from "@/i18n/client";
import { Role } from "@/lib/enums";
import { pickMessages } from "@/lib/i18n-pick";
import { getEarnings, type Earnings } from "@/server/monetization/get-earnings";
import { listMonths } from "@/server/monetization/list-months";
import { listPayouts, type PayoutQueueState } from "@/server/monetization/list-payouts";

type Props = DashboardPageProps;

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return gatedPageMetadata(params, "monetization", PAGE_ROLES.monetization);
}

/** Always read fresh: balances and queues are live. */
export const dynamic = "force-dynamic";

const PAGE_SIZE = 20;
const hasEarnings = (e: Earnings) => e.balanceMinor !== 0 || e.chapters.length > 0 || e.statements.length > 0 || e.payouts.length > 0;
/**
 * /dashboard/monetization (writers and root; spec §1, §9 and issue 16 §3): a writer's balance, impressions, charts,
 * statements, payout e-mail and payout requests; root also works the payouts queue, enters months' income and sets
 * the payout threshold. Everything is rendered here from the use cases; the forms are small client islands.
 */
export default async function MonetizationPage({ params, searchParams }: Props) {
  const opened = await openGatedPage(params, "monetization");
  if ("denied" in opened) return opened.denied;
  const { locale, user } = opened;

  const db = await getDb();
  const isRoot = user.role === Role.root;
  const sp = await searchParams;
  const state: PayoutQueueState = firstParam(sp.payouts) === "settled" ? "settled" : "pending";
  const requested = Number(firstParam(sp.page) ?? 1);
  const page = Number.isSafeInteger(requested) && requested >= 1 && requested <= 1_000_000 ? requested : 1;
  const [earnings, payouts, months, t, messages] = await Promise.all([
    getEarnings({ db, userId: user.id }),
    isRoot ? listPayouts({ db, status: state, page, pageSize: PAGE_SIZE }) : null,
    isRoot ? listMonths({ db }) : null,
    getTranslations("monetization"),
    getMessages(),
  ]);

  return (
    <TextsProvider messages={pickMessages(messages, ["monetization", "validation"])}>
      <section aria-labelledby="monetization-heading" className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="monetization-page">
        <header>
          <h2 id="monetization-heading" className="text-2xl font-extrabold tracking-tight">{t("heading")}</h2>
          <p className="mt-1 max-w-3xl text-zinc-600 dark:text-zinc-400">{isRoot ? t("rootIntro") : t("intro")}</p>
        </header>
        {isRoot && payouts && months && <RootSection payouts={payouts} state={state} months={months} thresholdMinor={earnings.thresholdMinor} locale={locale} />}
        {/* Root sees their own earnings only when they have some (root may publish too). */}
        {(!isRoot || hasEarnings(earnings)) && <EarningsSection data={earnings} locale={locale} heading={isRoot ? t("yourEarnings") : undefined} />}
      </section>
    </TextsProvider>
  );
}
