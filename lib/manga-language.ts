/**
 * The language a manga is written in (docs/decisions/008, "Language"): the site's two languages, Japanese (the
 * medium's own) and "other". Set by the writer; when they do not choose, it follows the title's script
 * (lib/title-language.ts: apart, so the public pages that only read the value do not ship its patterns).
 */
export const MANGA_LANGUAGES = ["en", "ar", "ja", "other"] as const;
export type MangaLanguage = (typeof MANGA_LANGUAGES)[number];

export function isMangaLanguage(value: unknown): value is MangaLanguage {
  return typeof value === "string" && (MANGA_LANGUAGES as readonly string[]).includes(value);
}
