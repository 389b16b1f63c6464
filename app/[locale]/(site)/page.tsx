import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import type { Genre } from "@/lib/enums";
import { isLocale, type Locale } from "@/i18n/routing";
import { LANDING_GENRES } from "@/lib/constants";
import { alternatesFor, siteJsonLd } from "@/lib/seo";
import { SITE } from "@/lib/site";
import { env } from "@/server/env";
import { LATEST } from "@/lib/latest";
import { cachedGenreRow, cachedLandingSettings, cachedLatestPage } from "@/server/manga/cache";
import { FeaturedBanner } from "@/components/landing/FeaturedBanner";
import { GenreCarousel } from "@/components/landing/GenreCarousel";
import { Hero } from "@/components/landing/Hero";
import { LatestSection } from "@/components/latest/LatestSection";
import { JsonLd } from "@/components/seo/JsonLd";

// Rendered per request from Next's data cache (server/manga/cache.ts): no database read on a warm cache, and a
// change anywhere (a use case's changed(), server/manga/changed.ts) shows on the next request. Every section is in the
// first HTML (none streamed behind a skeleton).
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en" });
  return { title: t("landing.metaTitle"), alternates: alternatesFor(locale, "/") };
}

async function LandingHero({ locale }: { locale: Locale }) {
  const [settings, action, t] = await Promise.all([cachedLandingSettings(locale), cachedGenreRow("Action"), getTranslations()]);
  return (
    <Hero
      title={settings?.title || t("brand.tagline")}
      description={settings?.description || t("footer.description")}
      cta={settings?.cta || t("landing.browse")}
      tagline={t("brand.tagline")}
      covers={action}
    />
  );
}

async function LandingCarousel({ genre, eager = false }: { genre: Genre; eager?: boolean }) {
  return <GenreCarousel genre={genre} items={await cachedGenreRow(genre)} eager={eager} />;
}

/** The newest chapters, manga by manga (docs/decisions/025): after the spec's carousels, linking to /latest. */
async function LandingLatest() {
  const latest = await cachedLatestPage(1, LATEST.landingSize);
  return <LatestSection items={latest.items} />;
}

/** Spec §2: the featured banner sits between the Action and Adventure carousels; nothing shows until it is loaded. */
async function LandingBanner({ locale }: { locale: Locale }) {
  const settings = await cachedLandingSettings(locale);
  return <FeaturedBanner bannerUrl={settings?.bannerUrl ?? null} manga={settings?.manga ?? null} signedIn={false} />;
}

export default async function LandingPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations();
  const [action, ...rest] = LANDING_GENRES;
  const [hero, firstRow] = await Promise.all([LandingHero({ locale }), LandingCarousel({ genre: action, eager: true })]);
  return (
    <div className="flex flex-col gap-12 pb-8">
      <JsonLd data={siteJsonLd(locale, env.siteUrl, SITE.brand, t("footer.description"))} />
      {/* Every section is in the first HTML, none streamed behind a skeleton: it reads without JavaScript, and the page
          cache keeps the finished page (ADR 019), so no visitor waits for the rows below the fold (issue 35). */}
      {hero}
      {firstRow}
      <LandingBanner locale={locale} />
      {rest.map((genre) => (
        <LandingCarousel key={genre} genre={genre} />
      ))}
      <LandingLatest />
    </div>
  );
}
