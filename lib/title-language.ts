import type { MangaLanguage } from "@/lib/manga-language";

/** Arabic letters (the Arabic blocks and presentation forms); the migration's backfill uses the same ranges. */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Hiragana and katakana: kanji alone could be Chinese, so they decide nothing. */
const KANA = /[\u3040-\u30FF]/;

/** The default language of a title: Arabic letters → ar, else kana → ja, else en. */
export function languageOfTitle(title: string): MangaLanguage {
  if (ARABIC.test(title)) return "ar";
  if (KANA.test(title)) return "ja";
  return "en";
}
