import type { Db } from "@/db/client";
import { SortBy } from "@/lib/enums";
import { onCatalogueChange } from "@/server/manga/changed";
import { listManga } from "@/server/manga/list-manga";
import type { PageCache } from "./page-cache";
import { log } from "@/server/core/log";

/** Previews warmed per list (the most popular, the newest) unless PAGE_CACHE_WARM says otherwise; 0 turns warming off. */
export const DEFAULT_WARM_PREVIEWS = 20;

/**
 * What a process renders into its page cache before it opens its port (docs/decisions/019): the landing and discovery
 * pages and the previews of the most popular and the newest manga, in both languages. These are the pages the first
 * visitors after a restart or a deployment ask for; without this each is rendered while they wait.
 */
export async function pagesToWarm(db: Db, previews: number): Promise<string[]> {
  return (await toWarm(db, previews)).pages;
}

/**
 * The pages to warm (above), and the API reads the same visitors' browsers and apps make first (issue 30, item 4):
 * the catalogue's lists, the page settings and the warmed manga's details. Each route's code loads and runs once
 * before the port opens, so the first callers after a start do not pay for it.
 */
export async function toWarm(db: Db, previews: number): Promise<{ pages: string[]; api: string[] }> {
  if (previews <= 0) return { pages: [], api: [] };
  const lists = await Promise.all(
    [SortBy.Popularity, SortBy.CreatedDate].map((sortBy) => listManga({ db, page: 1, pageSize: previews, sortBy, sortDirection: "desc" })),
  );
  const ids = [...new Set(lists.flatMap((list) => list.items.map((item) => item.id)))];
  const api = [
    "/api/manga/PaginatedManga?page=1&pageSize=20&imageFormat=url",
    `/api/manga/PaginatedManga?page=1&pageSize=20&imageFormat=url&sortBy=${SortBy.CreatedDate}&sortDirection=desc`,
    "/api/SiteSettings/GetLandingPageSettings?imageFormat=url",
    "/api/SiteSettings/GetDiscoveryPageSettings?imageFormat=url",
    ...ids.slice(0, 5).map((id) => `/api/manga/GetMangaById?mangaId=${id}&imageFormat=url`),
  ];
  return { pages: [...CATALOGUE_PAGES, ...ids.flatMap(previewPages)], api };
}

/** Calls each API read `rounds` times on this process's loopback server (`origin`); what it answers does not matter. */
export async function warmApi(origin: string, paths: readonly string[], rounds = 3): Promise<number> {
  let answered = 0;
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      const res = await fetch(new URL(path, origin)).catch(() => undefined);
      await res?.arrayBuffer().catch(() => undefined);
      if (res?.ok) answered++;
    }
  }
  return answered;
}

const CATALOGUE_PAGES = ["/", "/ar", "/discovery", "/ar/discovery"];
const previewPages = (id: number) => [`/discovery/manga/${id}`, `/ar/discovery/manga/${id}`];

/** How long changes gather before their pages are rendered again, and how many manga one round renders at most. */
export const REWARM_DELAY_MS = 2_000;
export const REWARM_MAX_MANGA = 20;

/**
 * Renders again, shortly after a change, the pages it made stale (issue 30, item 4): a manga's previews in both
 * languages, and the landing and discovery pages when the catalogue changed. So the first visitor after a publication,
 * an approval or an edit gets a page from the cache instead of waiting for its render. Changes that come while a round
 * waits or runs join the next one (a burst costs one render of each page); a round takes at most REWARM_MAX_MANGA
 * manga, the rest render on demand as before. Returns the stop function.
 */
export function rewarmOnChange(pages: Pick<PageCache, "warm">, delayMs = REWARM_DELAY_MS): () => void {
  const manga = new Set<number>();
  let catalogue = false;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const schedule = () => {
    if (timer || running) return;
    timer = setTimeout(round, delayMs);
    timer.unref?.();
  };
  const round = () => {
    timer = undefined;
    const paths = [...(catalogue ? CATALOGUE_PAGES : []), ...[...manga].flatMap(previewPages)];
    manga.clear();
    catalogue = false;
    running = true;
    pages
      .warm(paths)
      .catch((err: unknown) => log.error({ err }, "[page-cache] rendering changed pages failed"))
      .finally(() => {
        running = false;
        if (manga.size > 0 || catalogue) schedule();
      });
  };
  const off = onCatalogueChange((change) => {
    for (const id of change.manga) if (manga.size < REWARM_MAX_MANGA) manga.add(id);
    catalogue ||= change.catalogue;
    schedule();
  });
  return () => {
    off();
    clearTimeout(timer);
  };
}
