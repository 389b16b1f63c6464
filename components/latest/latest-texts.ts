import { getLocale, getTranslations } from "next-intl/server";
import type { LatestCardTexts } from "./LatestCard";

/** The texts a latest-updates card shows, in the request's language, and the time of this render (server components only). */
export async function getLatestCardTexts(): Promise<LatestCardTexts> {
  const [t, locale] = await Promise.all([getTranslations("latest"), getLocale()]);
  return { locale, chapter: (number) => t("chapter", { number }), premium: t("premium"), now: Date.now() };
}
