import { createTranslator } from "next-intl";
import type { Locale } from "@/i18n/routing";
import { isolate } from "@/lib/bidi";
import type { FeedChapter } from "@/server/manga/latest-sql";
import type { FeedTexts } from "./feeds";

/**
 * The feeds' texts in a language, from messages/{locale}.json (`latest.feed*`), with user content (manga and chapter
 * titles) isolated so an Arabic title keeps its order in an English sentence and the other way round (lib/bidi.ts).
 * `manga`: one manga's feed; otherwise the catalogue's.
 */
export async function feedTexts(locale: Locale, manga?: string): Promise<FeedTexts> {
  const messages = (await import(`../../messages/${locale}.json`)).default;
  const t = createTranslator({ locale, messages, namespace: "latest" });
  const brand = createTranslator({ locale, messages, namespace: "brand" })("name");
  const values = (c: FeedChapter) => ({ manga: isolate(c.mangaTitle), number: c.number, title: isolate(c.title) });
  return {
    brand,
    premium: t("premium"),
    title: manga === undefined ? t("feedTitle", { brand }) : t("mangaFeedTitle", { manga: isolate(manga), brand }),
    subtitle: t("feedSubtitle", { brand }),
    entryTitle: (c) => t("feedEntryTitle", values(c)),
    entrySummary: (c) => (c.premium ? `${t("feedEntrySummary", values(c))} ${t("feedEntryPremium")}` : t("feedEntrySummary", values(c))),
  };
}
