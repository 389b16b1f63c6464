import type { Db } from "@/db/client";
import { SortBy } from "@/lib/enums";
import { listManga } from "@/server/manga/list-manga";

/** Previews warmed per list (the most popular, the newest) unless PAGE_CACHE_WARM says otherwise; 0 turns warming off. */
export const DEFAULT_WARM_PREVIEWS = 20;

/**
 * What a process renders into its page cache before it opens its port (docs/decisions/019): the landing and discovery
 * pages and the previews of the most popular and the newest manga, in both languages. These are the pages the first
 * visitors after a restart or a deployment ask for; without this each is rendered while they wait.
 */
export async function pagesToWarm(db: Db, previews: number): Promise<string[]> {
  if (previews <= 0) return [];
  const lists = await Promise.all(
    [SortBy.Popularity, SortBy.CreatedDate].map((sortBy) => listManga({ db, page: 1, pageSize: previews, sortBy, sortDirection: "desc" })),
  );
  const ids = [...new Set(lists.flatMap((list) => list.items.map((item) => item.id)))];
  return ["/", "/ar", "/discovery", "/ar/discovery", ...ids.flatMap((id) => [`/discovery/manga/${id}`, `/ar/discovery/manga/${id}`])];
}
