import { ATOM_CONTENT_TYPE } from "./feeds";

/**
 * How long a shared cache (CDN) may keep a feed, and serve it stale while it fetches a fresh one. Through the custom
 * server the page cache answers feeds from memory with its own headers and an ETag (server/http/page-cache.ts).
 */
export const FEED_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=3600";

export const feedResponse = (xml: string) => new Response(xml, { headers: { "content-type": ATOM_CONTENT_TYPE, "cache-control": FEED_CACHE_CONTROL } });

export const feedNotFound = () =>
  new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** The feed's language: `?lang=ar` for Arabic, English otherwise (undefined for any other value: 404). */
export function feedLocale(url: string): "en" | "ar" | undefined {
  const lang = new URL(url, "http://x").searchParams.getAll("lang");
  if (lang.length === 0) return "en";
  return lang.length === 1 && (lang[0] === "en" || lang[0] === "ar") ? lang[0] : undefined;
}
