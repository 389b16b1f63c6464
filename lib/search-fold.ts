/**
 * Folds text for search so that a query matches regardless of case, Latin accents, Arabic
 * diacritics (tashkeel), tatweel and the common Arabic letter variants people type interchangeably.
 * The same function must be applied to the stored text and to the query.
 */

// Arabic harakat, tanwin, shadda, sukun, small marks (U+064B–U+065F) and the superscript alef (U+0670).
const ARABIC_MARKS = /[\u064B-\u065F\u0670]/g;
const TATWEEL = /\u0640/g;
// Combining marks left after NFD decomposition of Latin letters (é → e + U+0301).
const LATIN_MARKS = /[\u0300-\u036F]/g;

const LETTER_MAP: Readonly<Record<string, string>> = {
  "\u0623": "\u0627", // أ → ا
  "\u0625": "\u0627", // إ → ا
  "\u0622": "\u0627", // آ → ا
  "\u0671": "\u0627", // ٱ → ا
  "\u0629": "\u0647", // ة → ه
  "\u0649": "\u064A", // ى → ي
  "\u0624": "\u0648", // ؤ → و
  "\u0626": "\u064A", // ئ → ي
};
const LETTERS = /[\u0623\u0625\u0622\u0671\u0629\u0649\u0624\u0626]/g;

// Arabic-Indic (U+0660–0669) and Extended Arabic-Indic (U+06F0–06F9) digits to ASCII.
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

export function foldSearchText(s: string): string {
  return s
    .normalize("NFC")
    .replace(LETTERS, (c) => LETTER_MAP[c] ?? c)
    .normalize("NFD")
    .replace(LATIN_MARKS, "")
    .replace(ARABIC_MARKS, "")
    .replace(TATWEEL, "")
    .normalize("NFC")
    .replace(ARABIC_DIGITS, (d) => String((d.codePointAt(0) ?? 0) & 0xf))
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
