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
  "\u06CC": "\u064A", // ی (Farsi yeh) → ي
  "\u06A9": "\u0643", // ک (keheh) → ك
};
const LETTERS = /[\u0623\u0625\u0622\u0671\u0629\u0649\u0624\u0626\u06CC\u06A9]/g;
// Invisible joiners and direction marks that keyboards and copy-paste slip into Arabic text.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
// Control characters (NUL cannot even be sent to PostgreSQL): read as spaces.
const CONTROL = /[\u0000-\u001F\u007F]/g;

// Arabic-Indic (U+0660–0669) and Extended Arabic-Indic (U+06F0–06F9) digits to ASCII.
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

export function foldSearchText(s: string): string {
  return s
    .replace(INVISIBLE, "")
    .replace(CONTROL, " ")
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

/**
 * What is stored in manga.search_text: every write that changes a title, a description or the author's name must store
 * this. The title comes first (search_title is read from its beginning, db/schema/manga.ts), then the author's name
 * (within the prefix the sort indexes carry, so an author search walks them as a title search does), then the
 * description.
 */
export function searchTextFor(title: string, description: string | null | undefined, author?: string | null): string {
  return foldSearchText(`${title} ${author ?? ""} ${description ?? ""}`);
}

/**
 * What is stored in users.search_text (root's user search, issue 15): every write of a username, full name or e-mail
 * stores this: the three folded together, space-separated (a search term is folded the same way and matched with LIKE).
 */
export function userSearchTextFor(username: string, fullName: string | null | undefined, email: string | null | undefined): string {
  return foldSearchText(`${username} ${fullName ?? ""} ${email ?? ""}`);
}

/** Longest search text honoured (longer input is cut, never refused). */
export const SEARCH_TERM_MAX = 100;
