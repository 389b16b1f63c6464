import { getLocale, getTranslations } from "next-intl/server";
import { CalendarClock, Crown, Lock } from "lucide-react";
import { Link } from "@/i18n/navigation";
import { mediaVariantUrl } from "@/lib/media-url";
import { PlanCards } from "@/components/premium/PlanCards";

/** A free date as the reader's language writes it (the server's rendering: UTC, named). */
export function formatFreeAt(locale: string, at: Date): string {
  return new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" }).format(at);
}

/**
 * The paywall card shown instead of the pages of a premium chapter the viewer may not read (the API answers 403):
 * what it is, the two plans and what each gives, the chapter's free date when it has a timed premium window, and
 * the way to the premium page (a visitor is asked to sign in on the way). Not an error page.
 */
export async function PremiumLock({
  titleHref,
  coverImageUrl,
  title,
  freeAt = null,
}: {
  titleHref: string;
  coverImageUrl: string | null;
  title: string;
  freeAt?: Date | null;
}) {
  const t = await getTranslations("premium.paywall");
  const locale = await getLocale();
  return (
    <section
      data-testid="premium-lock"
      aria-labelledby="paywall-title"
      className="relative mx-auto my-auto w-full max-w-2xl overflow-hidden rounded-3xl border border-amber-400/30 bg-zinc-900 p-5 text-center text-zinc-100 shadow-2xl sm:p-8"
    >
      {coverImageUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- decorative blurred cover
        <img src={mediaVariantUrl(coverImageUrl, 160)} alt="" aria-hidden className="absolute inset-0 -z-0 size-full scale-110 object-cover opacity-15 blur-2xl" />
      )}
      <div className="relative">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-amber-400/15 text-amber-300 ring-1 ring-amber-400/40">
          <Lock className="size-7" aria-hidden />
        </span>
        <h1 id="paywall-title" className="mt-5 text-2xl font-black">{t("title")}</h1>
        <p className="mt-1 text-sm font-semibold text-zinc-400" dir="auto">{title}</p>
        <p className="mx-auto mt-4 max-w-lg leading-7 text-zinc-300">{t("text")}</p>
        {freeAt && (
          <p className="mx-auto mt-4 inline-flex items-center gap-2 rounded-2xl bg-emerald-400/10 px-4 py-2 text-sm font-semibold text-emerald-300 ring-1 ring-emerald-400/30" data-testid="paywall-free-at">
            <CalendarClock className="size-4 shrink-0" aria-hidden />
            <span>{t("freeAt", { date: formatFreeAt(locale, freeAt) })}</span>
          </p>
        )}
        <div className="mt-6">
          <PlanCards tone="reader" />
        </div>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link
            href="/dashboard/premium"
            className="inline-flex items-center gap-2 rounded-full bg-amber-400 px-6 py-3 font-bold text-zinc-950 shadow-lg shadow-amber-400/20 hover:bg-amber-300"
          >
            <Crown className="size-5" aria-hidden />
            {t("cta")}
          </Link>
          <Link href={titleHref} className="rounded-full border border-white/15 px-5 py-3 font-semibold hover:bg-white/10">
            {t("back")}
          </Link>
        </div>
      </div>
    </section>
  );
}
