import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { cache } from "react";
import { isLocale } from "@/i18n/routing";
import { loginThen } from "@/lib/login-then";
import { mangaFeedPath } from "@/lib/latest";
import { alternatesFor, breadcrumbJsonLd, mangaJsonLd, mangaMetadata, previewPath } from "@/lib/seo";
import { env } from "@/server/env";
import { cachedGenreRow, cachedPublicManga } from "@/server/manga/cache";
import { GenreCarousel } from "@/components/landing/GenreCarousel";
import { MangaPreview } from "@/components/manga/MangaPreview";
import { SignedInRedirect } from "@/components/manga/SignedInRedirect";
import { JsonLd } from "@/components/seo/JsonLd";
import { markNotFound } from "@/server/http/request-faults-mark";
import MangaNotFound from "./not-found";

type Props = { params: Promise<{ locale: string; id: string }> };

// Per request from the data cache (tagged per manga, see server/manga/cache.ts).
export const dynamic = "force-dynamic";

/** One cached read per request, shared by the metadata and the page. */
const loadManga = cache(async (id: string) => (/^\d{1,9}$/.test(id) ? cachedPublicManga(Number(id)) : null));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, id } = await params;
  const locale = isLocale(raw) ? raw : "en";
  const m = await loadManga(id);
  if (!m) return { title: (await getTranslations({ locale, namespace: "preview" }))("notFoundTitle"), robots: { index: false } };
  const [tg, tl] = await Promise.all([getTranslations({ locale, namespace: "genres" }), getTranslations({ locale, namespace: "latest" })]);
  // Its chapter feed (docs/decisions/025) beside the site's, which the layout links on every public page.
  const feed = { url: mangaFeedPath(m.id, locale), title: `${tl("mangaFeed")}: ${m.title}` };
  return { ...mangaMetadata(m, locale, (g) => tg(g)), alternates: { ...alternatesFor(locale, `/discovery/manga/${m.id}`), types: { "application/atom+xml": [feed] } } };
}

async function Suggestions({ exclude }: { exclude: number }) {
  const t = await getTranslations("preview");
  const items = (await cachedGenreRow("Adventure")).filter((s) => s.id !== exclude);
  if (items.length === 0) return null;
  return <GenreCarousel genre="Adventure" items={items} title={t("suggestions")} />;
}

export default async function MangaPreviewPage({ params }: Props) {
  const { locale, id } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const m = await loadManga(id);
  // The not-found content in the first HTML, answered 404 (Next's notFound() here would send its empty error shell).
  if (!m) {
    markNotFound();
    return <MangaNotFound />;
  }
  const tm = await getTranslations("manga");
  // Spec §2: from the public preview, reading needs an account; visitors go to the login screen, which opens the chapter
  // they chose once they are signed in (issue 31).
  const readAfterLogin = (chapterId: number) => loginThen(`/manga-reader/${m.id}/${chapterId}`);
  const tn = await getTranslations("nav");
  const prefix = locale === "ar" ? "/ar" : "";
  const crumbs = [
    { name: tn("home"), path: prefix || "/" },
    { name: tn("discovery"), path: `${prefix}/discovery` },
    { name: m.title, path: previewPath(locale, m.id) },
  ];
  return (
    <div className="flex flex-col gap-12 py-6">
      <JsonLd data={[mangaJsonLd(m, locale, m.user.username ?? tm("unknownAuthor"), env.siteUrl), breadcrumbJsonLd(env.siteUrl, crumbs)]} />
      <SignedInRedirect to={`/dashboard/discovery/manga/${m.id}`} />
      <MangaPreview manga={m} locale={locale} variant="public" chapterHref={readAfterLogin} genreHref={(g) => ({ pathname: "/discovery", query: { genre: g } })} />
      {/* In the first HTML (no skeleton streamed first): it reads without JavaScript too (issue 35). */}
      <Suggestions exclude={m.id} />
    </div>
  );
}
