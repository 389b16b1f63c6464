/** The bench's request mix, shared by the HTTP bench (index.ts) and the per-statement timings (plans.ts). */
import { SortBy } from "../../lib/enums";

/** The request mix: common and rare English words, Arabic, an empty search; every sort appears. */
export const TERMS = ["dragon", "moon", "shadow blade", "قمر", "phoenix 7", "", "tower", "سيف"];
export const MIX = TERMS.flatMap((term, i) => [Object.values(SortBy)[i % 7]!, Object.values(SortBy)[(i + 3) % 7]!].map((sortBy) => ({ term, sortBy })));
export const apiPath = (term: string, sortBy: number) =>
  `/api/manga/PaginatedManga?${new URLSearchParams({ ...(term ? { searchTerm: term } : {}), sortBy: String(sortBy), pageSize: "20", imageFormat: "url" })}`;
