import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { isLocale } from "@/i18n/routing";
import { LANDING_GENRES, PAGE_SIZE } from "@/lib/constants";
import { listManga } from "@/server/manga/list-manga";
import { getLandingSettings } from "@/server/settings/get-page-settings";
import { FeaturedBanner } from "@/components/landing/FeaturedBanner";
import { GenreCarousel } from "@/components/landing/GenreCarousel";
import { Hero } from "@/components/landing/Hero";
import { alternatesFor } from "@/lib/seo";

// Rendered on request from the database; cheap thanks to indexed queries (issue 4 adds caching).
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en" });
  return { title: t("landing.metaTitle"), alternates: alternatesFor(locale, "/") };
}

export default async function LandingPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations();
  const db = await getDb();
  const [settings, ...rows] = await Promise.all([
    getLandingSettings({ db, locale }),
    ...LANDING_GENRES.map((genre) => listManga({ db, genres: [genre], page: 1, pageSize: PAGE_SIZE.carousel })),
  ]);
  const [action, adventure, comedy, drama] = rows.map((r) => r.items);
  return (
    <div className="flex flex-col gap-12 pb-8">
      <Hero
        title={settings?.title ?? t("brand.tagline")}
        description={settings?.description ?? t("footer.description")}
        cta={settings?.cta ?? t("landing.browse")}
        tagline={t("brand.tagline")}
        covers={action ?? []}
      />
      <GenreCarousel genre="Action" items={action ?? []} eager />
      <FeaturedBanner bannerUrl={settings?.bannerUrl ?? null} manga={settings?.manga ?? null} signedIn={false} />
      <GenreCarousel genre="Adventure" items={adventure ?? []} />
      <GenreCarousel genre="Comedy" items={comedy ?? []} />
      <GenreCarousel genre="Drama" items={drama ?? []} />
    </div>
  );
}
