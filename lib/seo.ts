import type { Metadata } from "next";
import type { Genre } from "@/lib/enums";

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

/** schema.org Book data for a manga, as the text of a `<script type="application/ld+json">` (safe to inline). */
export function mangaJsonLd(m: SeoManga, locale: string, author: string, siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, "");
  const data = {
    "@context": "https://schema.org",
    "@type": "Book",
    name: m.title,
    description: m.description,
    author: { "@type": "Person", name: author },
    genre: m.genres,
    image: m.coverImageUrl ? `${base}${m.coverImageUrl}` : undefined,
    url: `${base}${previewPath(locale, m.id)}`,
    inLanguage: /[\u0600-\u06FF]/.test(m.title) ? "ar" : "en",
    numberOfPages: m.chapters.reduce((n, c) => n + c.pageCount, 0),
    dateCreated: m.createdAt,
    dateModified: m.updatedAt,
    interactionStatistic: [
      { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: m.favorites },
      { "@type": "InteractionCounter", interactionType: "https://schema.org/ReadAction", userInteractionCount: m.views },
    ],
  };
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
