import { getTranslations } from "next-intl/server";
import { Clock } from "lucide-react";

/** The FAQ's statement (spec §1): premium plans are coming soon; no payment is taken on the site. */
export async function ComingSoonNote() {
  const t = await getTranslations("premium.comingSoon");
  return (
    <section aria-labelledby="premium-soon-title" className="flex gap-4 rounded-2xl border border-sky-200 bg-sky-50 p-5 text-sky-950 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-100" data-testid="coming-soon">
      <Clock className="mt-0.5 size-6 shrink-0 text-sky-700 dark:text-sky-300" aria-hidden />
      <div>
        <h2 id="premium-soon-title" className="font-bold">{t("title")}</h2>
        <p className="mt-1 text-sm leading-6">{t("text")}</p>
      </div>
    </section>
  );
}
