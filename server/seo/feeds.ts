import type { Locale } from "@/i18n/routing";
import { latestFeedPath, latestPath, mangaFeedPath } from "@/lib/latest";
import { previewPath } from "@/lib/seo";
import type { FeedChapter } from "@/server/manga/latest-sql";
import type { MangaFeed } from "@/server/manga/manga-feed";

/**
 * The Atom 1.0 feeds (RFC 4287) of the latest updates (docs/decisions/025): `/feeds/latest.xml` (the whole
 * catalogue's newest chapters) and `/feeds/manga/{id}.xml` (one manga's), each in English or, with `?lang=ar`, in
 * Arabic (titles, summaries and links to the Arabic pages). Every URL is absolute, from the site URL setting; every
 * text is escaped; an entry's id is its chapter's English reader URL, the same in both languages' feeds.
 */
export interface FeedTexts {
  /** The feed's title and subtitle, already formatted. */
  title: string;
  subtitle: string;
  /** An entry's title and summary. */
  entryTitle: (c: FeedChapter) => string;
  entrySummary: (c: FeedChapter) => string;
  brand: string;
  /** The label of a premium chapter's category. */
  premium: string;
}

export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";

/** Escapes text for XML content and attributes, and drops the characters XML 1.0 forbids (control characters). */
export function escapeXml(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const origin = (siteUrl: string) => siteUrl.replace(/\/+$/, "");
const readerPath = (locale: string, c: FeedChapter) => `${locale === "ar" ? "/ar" : ""}/manga-reader/${c.mangaId}/${c.id}`;
/** When a feed has no entry yet: a fixed, honest "nothing since" (the Unix epoch would read as a real date too). */
const EMPTY_UPDATED = "2025-01-01T00:00:00.000Z";

function entryXml(base: string, locale: Locale, c: FeedChapter, texts: FeedTexts): string {
  const e = (s: string) => escapeXml(s);
  return (
    `<entry>` +
    `<id>${e(`${base}${readerPath("en", c)}`)}</id>` +
    `<title type="text">${e(texts.entryTitle(c))}</title>` +
    `<updated>${c.releasedAt}</updated>` +
    `<published>${c.releasedAt}</published>` +
    `<link rel="alternate" type="text/html" hreflang="${locale}" href="${e(`${base}${readerPath(locale, c)}`)}"/>` +
    `<link rel="related" type="text/html" href="${e(`${base}${previewPath(locale, c.mangaId)}`)}"/>` +
    (c.premium ? `<category term="premium" label="${e(texts.premium)}"/>` : "") +
    `<summary type="text">${e(texts.entrySummary(c))}</summary>` +
    `</entry>\n`
  );
}

function feedXml(p: {
  siteUrl: string;
  locale: Locale;
  selfPath: string;
  htmlPath: string;
  texts: FeedTexts;
  updated: string;
  entries: readonly FeedChapter[];
  logo?: string | null;
}): string {
  const base = origin(p.siteUrl);
  const e = escapeXml;
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n` +
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${p.locale}">\n` +
    `<id>${e(`${base}${p.selfPath}`)}</id>\n` +
    `<title type="text">${e(p.texts.title)}</title>\n` +
    `<subtitle type="text">${e(p.texts.subtitle)}</subtitle>\n` +
    `<updated>${p.updated}</updated>\n` +
    `<author><name>${e(p.texts.brand)}</name><uri>${e(`${base}/`)}</uri></author>\n` +
    `<link rel="self" type="application/atom+xml" href="${e(`${base}${p.selfPath}`)}"/>\n` +
    `<link rel="alternate" type="text/html" hreflang="${p.locale}" href="${e(`${base}${p.htmlPath}`)}"/>\n` +
    `<generator uri="${e(`${base}/`)}">${e(p.texts.brand)}</generator>\n` +
    `<icon>${e(`${base}/icon.svg`)}</icon>\n` +
    (p.logo ? `<logo>${e(`${base}${p.logo}`)}</logo>\n` : "") +
    p.entries.map((c) => entryXml(base, p.locale, c, p.texts)).join("") +
    `</feed>\n`
  );
}

/** The newest chapter's release, else `fallback`. */
const newest = (entries: readonly FeedChapter[], fallback: string) => entries.reduce((max, c) => (c.releasedAt > max ? c.releasedAt : max), entries.length ? "" : fallback);

/** `/feeds/latest.xml`: the catalogue's newest public chapters. */
export function latestFeedXml(p: { siteUrl: string; locale: Locale; entries: readonly FeedChapter[]; texts: FeedTexts }): string {
  const path = latestFeedPath(p.locale);
  return feedXml({ ...p, selfPath: path, htmlPath: latestPath(p.locale), updated: newest(p.entries, EMPTY_UPDATED) });
}

/** `/feeds/manga/{id}.xml`: one manga's newest public chapters; the feed's logo is its cover. */
export function mangaFeedXml(p: { siteUrl: string; locale: Locale; feed: MangaFeed; texts: FeedTexts }): string {
  return feedXml({
    ...p,
    selfPath: mangaFeedPath(p.feed.mangaId, p.locale),
    htmlPath: previewPath(p.locale, p.feed.mangaId),
    updated: newest(p.feed.chapters, p.feed.updatedAt),
    entries: p.feed.chapters,
    logo: p.feed.coverImageUrl,
  });
}
