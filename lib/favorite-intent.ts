/**
 * A visitor's click on a heart, kept across signing in (issue 31): the heart sends them to log in (or register) with
 * `?next=` the manga's page, and the signed-in heart there adds the favourite they asked for. Kept in this browser's
 * localStorage, never in the URL, so no link can make a signed-in user favourite anything; an hour old, it is dropped.
 * Only the writing half is here (the heart is on every public page, ADR 010): the signed-in heart reads it with
 * ./take-favorite-intent.ts.
 */
export const FAVORITE_INTENT_KEY = "favorite-after-sign-in";
export const FAVORITE_INTENT_MS = 60 * 60 * 1000;

export function rememberFavoriteIntent(mangaId: number, now = Date.now()): void {
  try {
    localStorage.setItem(FAVORITE_INTENT_KEY, JSON.stringify({ mangaId, at: now }));
  } catch {
    // storage off (private mode, quota): the visitor just signs in and clicks again
  }
}
