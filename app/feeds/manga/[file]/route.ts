import { isRowId } from "@/lib/validation/numbers";
import { env } from "@/server/env";
import { cachedMangaFeed } from "@/server/manga/cache";
import { feedLocale, feedNotFound, feedResponse } from "@/server/seo/feed-response";
import { feedTexts } from "@/server/seo/feed-texts";
import { mangaFeedXml } from "@/server/seo/feeds";

export const dynamic = "force-dynamic";

/** One manga's Atom feed, `/feeds/manga/{id}.xml` (docs/decisions/025); 404 for an unknown or non-public manga. */
export async function GET(req: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const match = /^([1-9]\d{0,9})\.xml$/.exec((await params).file);
  const id = match ? Number(match[1]) : NaN;
  const locale = feedLocale(req.url);
  if (!locale || !isRowId(id)) return feedNotFound();
  const feed = await cachedMangaFeed(id);
  if (!feed) return feedNotFound();
  return feedResponse(mangaFeedXml({ siteUrl: env.siteUrl, locale, feed, texts: await feedTexts(locale, feed.title) }));
}
