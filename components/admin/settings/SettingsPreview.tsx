"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Segmented } from "@/components/ui/Segmented";
import { useLocale } from "@/i18n/client";
import { FeaturedBannerView } from "@/components/landing/FeaturedBannerView";
import { Hero } from "@/components/landing/Hero";
import type { MangaCardData } from "@/components/manga/MangaCard";
import { SETTINGS_LANGUAGES, type SettingsLanguage } from "@/lib/validation/site-settings";
import type { FeaturedManga, HeroTexts, PreviewTextsByLanguage } from "./types";

/**
 * The live preview: the real landing Hero and featured banner (components/landing) drawn from the editor's current
 * values, in English or Arabic (right to left) as chosen. Empty hero texts show the page's default, as the site does.
 */
export function SettingsPreview({
  kind,
  texts,
  manga,
  bannerUrl,
  previewTexts,
  covers,
  initialLanguage,
}: {
  kind: "landing" | "discovery";
  /** The hero's texts per language (landing only). */
  texts?: Record<SettingsLanguage, HeroTexts>;
  manga: FeaturedManga | null;
  bannerUrl: string | null;
  previewTexts: PreviewTextsByLanguage;
  covers: MangaCardData[];
  initialLanguage: SettingsLanguage;
}) {
  const t = useTranslations("admin.settings");
  const id = useId();
  const [lang, setLang] = useState<SettingsLanguage>(initialLanguage);
  const pageLocale = useLocale();
  const words = previewTexts[lang];
  const hero = texts?.[lang];
  const names = { en: t("hero.english"), ar: t("hero.arabic") };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-w-0 flex-col gap-3" data-testid={`${kind}-preview`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id={`${id}-heading`} className="text-lg font-bold">{kind === "landing" ? t("preview.landingHeading") : t("preview.discoveryHeading")}</h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("preview.intro")}</p>
        </div>
        <Segmented
          legend={t("preview.language")}
          legendHidden
          fit
          options={SETTINGS_LANGUAGES.map((l) => ({ value: l, label: names[l], testId: `preview-lang-${l}` }))}
          value={lang}
          onChange={setLang}
        />
      </div>
      {/* The preview in its language's direction; a frame set off from the editor. */}
      <div
        lang={lang}
        dir={lang === "ar" ? "rtl" : "ltr"}
        className="flex flex-col gap-6 overflow-hidden rounded-3xl border border-zinc-200 bg-white py-2 text-zinc-900 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100"
        data-testid={`${kind}-preview-frame`}
      >
        {kind === "landing" && hero && (
          <div aria-label={t("preview.hero")} role="group" data-testid="preview-hero">
            <Hero
              preview
              title={hero.title || words.defaults.title}
              description={hero.description || words.defaults.description}
              cta={hero.cta || words.defaults.cta}
              tagline={words.tagline}
              covers={covers}
            />
          </div>
        )}
        <div aria-label={t("preview.banner")} role="group" className="pb-4">
          {manga ? (
            <FeaturedBannerView
              preview
              manga={manga}
              bannerUrl={bannerUrl}
              labels={{ featured: words.featured, readNow: words.readNow, genre: (g) => words.genres[g] ?? g }}
            />
          ) : (
            <p lang={pageLocale} dir={pageLocale === "ar" ? "rtl" : "ltr"} className="mx-4 rounded-2xl border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" data-testid="preview-no-banner">
              {t("preview.noBanner")}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
