import { FAVORITE_INTENT_KEY, FAVORITE_INTENT_MS } from "./favorite-intent";

/** True once, when the kept click is for `mangaId` and fresh; it is then forgotten (a stale one is too). */
export function takeFavoriteIntent(mangaId: number, now = Date.now()): boolean {
  type Kept = { mangaId?: unknown; at?: unknown } | null;
  let kept: Kept;
  try {
    const raw = localStorage.getItem(FAVORITE_INTENT_KEY);
    if (raw === null) return false;
    kept = JSON.parse(raw) as Kept;
  } catch {
    kept = null;
  }
  const at = typeof kept?.at === "number" ? kept.at : NaN;
  const fresh = now - at >= 0 && now - at < FAVORITE_INTENT_MS;
  if (!fresh || kept?.mangaId === mangaId) forget();
  return fresh && kept?.mangaId === mangaId;
}

function forget(): void {
  try {
    localStorage.removeItem(FAVORITE_INTENT_KEY);
  } catch {
    // nothing kept
  }
}

/**
 * On signing in: the kept click stays only when the sign-in returns to that manga's page (the heart's own `next`);
 * a click the visitor walked away from is dropped, so a later sign-in elsewhere never adds it.
 */
export function keepFavoriteIntentFor(returnPath: string): void {
  let kept: { mangaId?: unknown } | null = null;
  try {
    const raw = localStorage.getItem(FAVORITE_INTENT_KEY);
    if (raw === null) return;
    kept = JSON.parse(raw) as { mangaId?: unknown } | null;
  } catch {
    kept = null;
  }
  if (returnPath !== `/dashboard/discovery/manga/${String(kept?.mangaId)}`) forget();
}
