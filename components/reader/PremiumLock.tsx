import { getTranslations } from "next-intl/server";
import { Crown, Lock } from "lucide-react";
import { Link } from "@/i18n/navigation";
import { mediaVariantUrl } from "@/lib/media-url";

/** Shown instead of the pages of a premium chapter the viewer may not read (the API answers 403). */
export async function PremiumLock({ titleHref, coverImageUrl, title }: { titleHref: string; coverImageUrl: string | null; title: string }) {
  const t = await getTranslations("reader");
  return (
    <section data-testid="premium-lock" className="relative mx-auto my-auto w-full max-w-md overflow-hidden rounded-3xl border border-amber-400/30 bg-zinc-900 p-8 text-center text-zinc-100 shadow-2xl">
      {coverImageUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- decorative blurred cover
        <img src={mediaVariantUrl(coverImageUrl, 160)} alt="" aria-hidden className="absolute inset-0 -z-0 size-full scale-110 object-cover opacity-15 blur-2xl" />
      )}
      <div className="relative">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-amber-400/15 text-amber-300 ring-1 ring-amber-400/40">
          <Lock className="size-7" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-black">{t("premiumTitle")}</h1>
        <p className="mt-1 text-sm font-semibold text-zinc-400">{title}</p>
        <p className="mt-4 leading-7 text-zinc-300">{t("premiumText")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link href="/dashboard/premium" className="inline-flex items-center gap-2 rounded-full bg-amber-400 px-6 py-3 font-bold text-zinc-950 shadow-lg shadow-amber-400/20 hover:bg-amber-300">
            <Crown className="size-5" aria-hidden />
            {t("premiumCta")}
          </Link>
          <Link href={titleHref} className="rounded-full border border-white/15 px-5 py-3 font-semibold hover:bg-white/10">
            {t("backToManga")}
          </Link>
        </div>
      </div>
    </section>
  );
}
