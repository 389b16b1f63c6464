/** The bench's request mix, shared by the HTTP bench (index.ts) and the per-statement timings (plans.ts). */
import { SortBy } from "../../lib/enums";

/** The request mix: common and rare English words, Arabic, an empty search; every sort appears. */
export const TERMS = ["dragon", "moon", "shadow blade", "قمر", "phoenix 7", "", "tower", "سيف"];
/**
 * Two sorts per term, and each search once more without a sort, as the header search asks (ranked by relevance:
 * title matches first, docs/decisions/008).
 */
export const MIX: Array<{ term: string; sortBy: SortBy | undefined }> = TERMS.flatMap((term, i) => [
  ...[Object.values(SortBy)[i % 7]!, Object.values(SortBy)[(i + 3) % 7]!].map((sortBy) => ({ term, sortBy })),
  ...(term ? [{ term, sortBy: undefined }] : []),
]);
export const apiPath = (term: string, sortBy: number | undefined) =>
  `/api/manga/PaginatedManga?${new URLSearchParams({ ...(term ? { searchTerm: term } : {}), ...(sortBy === undefined ? {} : { sortBy: String(sortBy) }), pageSize: "20", imageFormat: "url" })}`;
