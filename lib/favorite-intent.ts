/**
 * A visitor's click on a heart, kept across signing in (issue 31): the heart sends them to log in (or register) with
 * `?next=` the manga's page, and the signed-in heart there adds the favourite they asked for. Kept in this browser's
 * localStorage, never in the URL, so no link can make a signed-in user favourite anything; an hour old, it is dropped.
 */
const KEY = "favorite-after-sign-in";
export const FAVORITE_INTENT_MS = 60 * 60 * 1000;

export function rememberFavoriteIntent(mangaId: number, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ mangaId, at: now }));
  } catch {
    // storage off (private mode, quota): the visitor just signs in and clicks again
  }
}

/** True once, when the kept click is for `mangaId` and fresh; it is then forgotten (a stale one is too). */
export function takeFavoriteIntent(mangaId: number, now = Date.now()): boolean {
  type Kept = { mangaId?: unknown; at?: unknown } | null;
  let kept: Kept;
  try {
    const raw = localStorage.getItem(KEY);
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
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
