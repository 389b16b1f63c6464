import { env } from "@/server/env";
import { cachedLatestChapters } from "@/server/manga/cache";
import { feedLocale, feedNotFound, feedResponse } from "@/server/seo/feed-response";
import { feedTexts } from "@/server/seo/feed-texts";
import { latestFeedXml } from "@/server/seo/feeds";

export const dynamic = "force-dynamic";

/** The latest updates' Atom feed (docs/decisions/025): the newest public chapters; `?lang=ar` in Arabic. */
export async function GET(req: Request): Promise<Response> {
  const locale = feedLocale(req.url);
  if (!locale) return feedNotFound();
  const [entries, texts] = await Promise.all([cachedLatestChapters(), feedTexts(locale)]);
  return feedResponse(latestFeedXml({ siteUrl: env.siteUrl, locale, entries, texts }));
}
