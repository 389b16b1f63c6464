import { COUNTER_REFRESH_MS } from "@/lib/constants";

/**
 * The server's answers to this browser's toggles, kept for COUNTER_REFRESH_MS (localStorage, every tab): a public
 * page may show a busy manga's count up to that late (server/manga/changed.ts), and a reload must not take back the
 * count the visitor just changed. Only signed-in users toggle, so this loads with the signed-in heart
 * (./use-favorites.ts), never for visitors.
 */
const STORE = "manga.favorite-counts";

/** Fresh entries only: mangaId → [count, when]. */
function stored(): Record<string, [number, number]> {
  try {
    const all = JSON.parse(localStorage.getItem(STORE) ?? "{}") as Record<string, [number, number]>;
    for (const id in all) {
      const [count, at] = all[id] ?? [];
      if (typeof count !== "number" || !(Date.now() - Number(at) < COUNTER_REFRESH_MS)) delete all[id];
    }
    return all;
  } catch {
    return {};
  }
}

/** The counts remembered from this browser's recent toggles. */
export function rememberedFavoriteCounts(): Map<number, number> {
  return new Map(Object.entries(stored()).map(([id, [count]]) => [Number(id), count]));
}

export function rememberFavoriteCount(mangaId: number, count: number): void {
  try {
    localStorage.setItem(STORE, JSON.stringify({ ...stored(), [mangaId]: [count, Date.now()] }));
  } catch {
    // Storage full or refused: the count is still right on this page.
  }
}
