import { foldSearchText, SEARCH_TERM_MAX } from "./search-fold";

/**
 * Where a search term was found in a manga, best first: the whole title, the title's beginning, the beginning of one
 * of its words, anywhere in the title, or not in the title (another field: the description). The catalogue ranks its
 * matches so when searching without a chosen sort (server/manga/list-manga.ts, relevanceRank, which must agree with
 * this); the header search says why a result whose title does not hold the term matched.
 */
export const MatchRank = { exactTitle: 0, titlePrefix: 1, titleWord: 2, titleSubstring: 3, otherField: 4 } as const;
export type MatchRank = (typeof MatchRank)[keyof typeof MatchRank];

/** Arabic's definite article: "قمر" starts a word of "القمر" as "moon" starts one of "Moonlit". */
const ARTICLE = "\u0627\u0644";

/** The rank of a title for a search term, both folded as the search folds them (trimmed, cut, lib/search-fold.ts). */
export function titleMatchRank(title: string, term: string): MatchRank {
  const t = foldSearchText(title);
  const n = foldSearchText(term.trim().slice(0, SEARCH_TERM_MAX));
  if (n === "") return MatchRank.otherField;
  if (t === n) return MatchRank.exactTitle;
  if (t.startsWith(n)) return MatchRank.titlePrefix;
  const spaced = ` ${t}`;
  if (spaced.includes(` ${n}`) || spaced.includes(` ${ARTICLE}${n}`)) return MatchRank.titleWord;
  if (t.includes(n)) return MatchRank.titleSubstring;
  return MatchRank.otherField;
}

/**
 * Why a search result is listed, for the header search's hint: its title, its author's name, or else its description
 * (the fields a manga's search text holds, lib/search-fold.ts searchTextFor).
 */
export function matchedField(title: string, author: string | null | undefined, term: string): "title" | "author" | "description" {
  if (titleMatchRank(title, term) !== MatchRank.otherField) return "title";
  const n = foldSearchText(term.trim().slice(0, SEARCH_TERM_MAX));
  return n !== "" && author && foldSearchText(author).includes(n) ? "author" : "description";
}
