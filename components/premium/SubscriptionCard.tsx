import { getTranslations } from "next-intl/server";
import { Crown, Sparkles } from "lucide-react";
import type { MySubscription } from "@/server/auth/my-subscriptions";

const formatDate = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

const STATUS_TONE: Record<MySubscription["status"], string> = {
  active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300",
  upcoming: "bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300",
  ended: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
  cancelled: "bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300",
};

/** The user's current subscription (Me/Subscriptions): plan, state, start and end, days left of its duration. */
export async function SubscriptionCard({ subscription: s, locale }: { subscription: MySubscription | null; locale: string }) {
  const t = await getTranslations("premium.subscription");
  const tp = await getTranslations("premium");
  if (!s) {
    return (
      <section aria-labelledby="subscription-title" className="rounded-2xl border border-dashed border-zinc-300 bg-white p-5 dark:border-zinc-700 dark:bg-zinc-900" data-testid="subscription-none">
        <h2 id="subscription-title" className="text-lg font-bold">{t("title")}</h2>
        <p className="mt-1 font-semibold">{t("none")}</p>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("noneHint")}</p>
      </section>
    );
  }
  const Icon = s.type === 1 ? Sparkles : Crown;
  const used = Math.min(100, Math.max(0, Math.round(((s.duration - s.remainingDays) / Math.max(1, s.duration)) * 100)));
  return (
    <section aria-labelledby="subscription-title" className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900" data-testid="subscription-current" data-plan={s.type}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="subscription-title" className="text-lg font-bold">{t("title")}</h2>
        <span className={`rounded-full px-2.5 py-1 text-xs font-bold ${STATUS_TONE[s.status]}`}>{t(`status.${s.status}`)}</span>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-amber-400 text-zinc-950"><Icon className="size-6" aria-hidden /></span>
        <p className="text-2xl font-black" data-testid="subscription-plan">{tp(`plans.${s.type as 0 | 1}`)}</p>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">{s.status === "upcoming" ? t("starts") : t("started")}</dt>
          <dd className="mt-0.5 font-semibold">{formatDate(locale, s.startsAt)}</dd>
        </div>
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">{t("ends")}</dt>
          <dd className="mt-0.5 font-semibold" data-testid="subscription-ends">{formatDate(locale, s.endsAt)}</dd>
        </div>
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">{t("duration")}</dt>
          <dd className="mt-0.5 font-semibold">{t("days", { count: s.duration })}</dd>
        </div>
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">{t("remaining")}</dt>
          <dd className="mt-0.5 font-semibold" data-testid="subscription-remaining">{t("days", { count: s.remainingDays })}</dd>
        </div>
      </dl>
      <div className="mt-5 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden>
        <div className="h-full rounded-full bg-gradient-to-r from-brand-500 to-amber-400 rtl:bg-gradient-to-l" style={{ width: `${100 - used}%` }} />
      </div>
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{t("remainingLabel", { count: s.remainingDays, total: t("days", { count: s.duration }) })}</p>
    </section>
  );
}

/** The user's other subscriptions (ended, cancelled or yet to start), newest first. */
export async function SubscriptionHistory({ subscriptions, locale }: { subscriptions: readonly MySubscription[]; locale: string }) {
  const t = await getTranslations("premium.subscription");
  const tp = await getTranslations("premium");
  return (
    <section aria-labelledby="subscription-history-title" data-testid="subscription-history">
      <h2 id="subscription-history-title" className="mb-3 text-lg font-bold">{t("history")}</h2>
      <ul className="flex flex-col gap-2">
        {subscriptions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-zinc-200 bg-white px-4 py-3 text-sm dark:border-zinc-800 dark:bg-zinc-900">
            <span className="font-bold">{tp(`plans.${s.type as 0 | 1}`)}</span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${STATUS_TONE[s.status]}`}>{t(`status.${s.status}`)}</span>
            <span className="text-zinc-600 dark:text-zinc-400">
              {formatDate(locale, s.startsAt)} – {formatDate(locale, s.endsAt)}
            </span>
            <span className="text-zinc-600 dark:text-zinc-400">{t("days", { count: s.duration })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
