import { RATING_MAX, RATING_MIN } from "@/lib/rating";
import type { Metadata } from "next";
import type { Genre } from "@/lib/enums";
import { SITE } from "@/lib/site";

/**
 * Canonical URL and hreflang alternates for a path that exists in both languages (English has no prefix).
 * `query` (e.g. "?genre=Drama&page=2") keeps listing pages canonical to themselves.
 */
export function alternatesFor(locale: string, path: string, query = ""): Metadata["alternates"] {
  const clean = path === "/" ? "" : path;
  const en = `${clean || "/"}${query}`;
  const ar = `/ar${clean}${query}`;
  return { canonical: locale === "ar" ? ar : en, languages: { en, ar, "x-default": en } };
}

/** The public address of a manga preview in a language. */
export function previewPath(locale: string, id: number): string {
  return `${locale === "ar" ? "/ar" : ""}/discovery/manga/${id}`;
}

interface SeoManga {
  id: number;
  title: string;
  description: string;
  coverImageUrl: string | null;
  genres: readonly Genre[];
  favorites: number;
  views: number;
  chapters: ReadonlyArray<{ pageCount: number }>;
  /** Counted ratings (docs/decisions/028); absent in a detail cached before ratings existed. */
  rating?: { mean: number | null; count: number };
  updatedAt: string;
  createdAt: string;
}

const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1).trimEnd()}…`);

/** Spec §2: the preview's title, description, cover image, keywords from genres and URL, for search and sharing. */
export function mangaMetadata(m: SeoManga, locale: string, genreName: (g: Genre) => string): Metadata {
  const description = clip(m.description.replace(/\s+/g, " ").trim(), 300) || undefined;
  const images = m.coverImageUrl ? [{ url: m.coverImageUrl, width: 600, height: 900, alt: m.title }] : [];
  return {
    title: m.title,
    description,
    keywords: m.genres.map(genreName),
    openGraph: {
      type: "book",
      title: m.title,
      description,
      images,
      url: previewPath(locale, m.id),
      locale: locale === "ar" ? "ar_AR" : "en_US",
    },
    twitter: { card: "summary_large_image", title: m.title, description: description && clip(description, 200), images: images.map((i) => i.url) },
  };
}

/**
 * Structured data (schema.org JSON-LD, issue 35 item 3; docs/decisions/022). Every public page type carries the
 * types a search feature reads: the landing a `WebSite` with the discovery search as its `SearchAction` and the
 * `Organization`; a preview the manga as a `ComicSeries` and a chapter page the chapter as a `ComicIssue` of it; the
 * discovery, preview and chapter pages a `BreadcrumbList`. Each builder returns the JSON object; `jsonLdText` makes
 * it the text of a `<script type="application/ld+json">` (components/seo/JsonLd.tsx, with the request's CSP nonce).
 */
export type JsonLdObject = { "@context": "https://schema.org"; "@type": string } & Record<string, unknown>;

/** JSON for inlining in HTML: `<` is escaped, so no text in it (a title with `</script>`) can end the script element. */
export function jsonLdText(data: JsonLdObject | readonly JsonLdObject[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

const origin = (siteUrl: string) => siteUrl.replace(/\/+$/, "");
const localized = (locale: string, path: string) => `${locale === "ar" ? "/ar" : ""}${path === "/" && locale === "ar" ? "" : path}`;
/** A manga's language, from its title's script (the catalogue records none). */
export const contentLanguage = (title: string) => (/[\u0600-\u06FF]/.test(title) ? "ar" : "en");

/** The landing's `WebSite` (with the discovery search as a SearchAction) and `Organization`. */
export function siteJsonLd(locale: string, siteUrl: string, brand: string, description: string): JsonLdObject[] {
  const base = origin(siteUrl);
  const home = `${base}${localized(locale, "/")}`;
  return [
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      "@id": `${base}/#website`,
      name: brand,
      url: home,
      description,
      inLanguage: locale,
      publisher: { "@id": `${base}/#organization` },
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${base}${localized(locale, "/discovery")}?search={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    },
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${base}/#organization`,
      name: brand,
      url: `${base}/`,
      logo: `${base}/icon.svg`,
      sameAs: Object.values(SITE.social),
    },
  ];
}

/** A breadcrumb trail: names with their site paths (already localized), the last one the page itself. */
export function breadcrumbJsonLd(siteUrl: string, items: ReadonlyArray<{ name: string; path: string }>): JsonLdObject {
  const base = origin(siteUrl);
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: `${base}${item.path}` })),
  };
}

/**
 * A writer's page (/writers/{username}, docs/decisions/027) as a schema.org `ProfilePage` about the writer, a `Person`
 * known on the site by their username, with their follower count and how many works they have published here.
 */
export function writerJsonLd(siteUrl: string, path: string, writer: { id: number; username: string; followers: number; works: number }): JsonLdObject {
  const base = origin(siteUrl);
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url: `${base}${path}`,
    mainEntity: {
      "@type": "Person",
      name: writer.username,
      alternateName: writer.username,
      identifier: String(writer.id),
      url: `${base}${path}`,
      interactionStatistic: { "@type": "InteractionCounter", interactionType: "https://schema.org/FollowAction", userInteractionCount: writer.followers },
      agentInteractionStatistic: { "@type": "InteractionCounter", interactionType: "https://schema.org/WriteAction", userInteractionCount: writer.works },
    },
  };
}

/** The manga as a schema.org `ComicSeries` (its preview page). */
export function mangaJsonLd(m: SeoManga, locale: string, author: string, siteUrl: string): JsonLdObject {
  const base = origin(siteUrl);
  return {
    "@context": "https://schema.org",
    "@type": "ComicSeries",
    "@id": `${base}${previewPath(locale, m.id)}#series`,
    name: m.title,
    description: m.description || undefined,
    author: { "@type": "Person", name: author },
    genre: m.genres.length > 0 ? [...m.genres] : undefined,
    image: m.coverImageUrl ? `${base}${m.coverImageUrl}` : undefined,
    url: `${base}${previewPath(locale, m.id)}`,
    inLanguage: contentLanguage(m.title),
    dateCreated: m.createdAt,
    dateModified: m.updatedAt,
    interactionStatistic: [
      { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: m.favorites },
      { "@type": "InteractionCounter", interactionType: "https://schema.org/ReadAction", userInteractionCount: m.views },
    ],
    // Only with at least one counted rating: an AggregateRating of none is invalid structured data.
    aggregateRating:
      m.rating && m.rating.mean !== null && m.rating.count > 0
        ? { "@type": "AggregateRating", ratingValue: m.rating.mean, ratingCount: m.rating.count, bestRating: RATING_MAX, worstRating: RATING_MIN }
        : undefined,
  };
}

/** The address of a chapter page in a language. */
export function chapterPath(locale: string, mangaId: number, chapterId: number): string {
  return `${locale === "ar" ? "/ar" : ""}/manga-reader/${mangaId}/${chapterId}`;
}

/** A chapter as a schema.org `ComicIssue` of its manga's `ComicSeries` (the chapter page). */
export function chapterJsonLd(
  c: { id: number; title: string; number: number; pageCount: number; publishedAt: Date },
  m: { id: number; title: string; description: string; coverImageUrl: string | null; author: string },
  locale: string,
  siteUrl: string,
): JsonLdObject {
  const base = origin(siteUrl);
  const series = `${base}${previewPath(locale, m.id)}`;
  return {
    "@context": "https://schema.org",
    "@type": "ComicIssue",
    name: c.title,
    issueNumber: c.number,
    datePublished: c.publishedAt.toISOString(),
    inLanguage: contentLanguage(m.title),
    author: { "@type": "Person", name: m.author },
    image: m.coverImageUrl ? `${base}${m.coverImageUrl}` : undefined,
    url: `${base}${chapterPath(locale, m.id, c.id)}`,
    isPartOf: { "@type": "ComicSeries", "@id": `${series}#series`, name: m.title, url: series },
  };
}
