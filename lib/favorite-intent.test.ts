// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { FAVORITE_INTENT_MS, rememberFavoriteIntent } from "./favorite-intent";
import { keepFavoriteIntentFor, takeFavoriteIntent } from "./take-favorite-intent";

describe("a heart clicked before signing in", () => {
  afterEach(() => localStorage.clear());

  it("is taken once, for its own manga only", () => {
    rememberFavoriteIntent(7, 1_000);
    expect(takeFavoriteIntent(8, 2_000)).toBe(false);
    expect(takeFavoriteIntent(7, 2_000)).toBe(true);
    expect(takeFavoriteIntent(7, 3_000)).toBe(false);
  });

  it("is dropped once an hour old, or when it is not what this module wrote", () => {
    rememberFavoriteIntent(7, 0);
    expect(takeFavoriteIntent(7, FAVORITE_INTENT_MS)).toBe(false);
    expect(localStorage.length).toBe(0);
    localStorage.setItem("favorite-after-sign-in", "{not json");
    expect(takeFavoriteIntent(7)).toBe(false);
    localStorage.setItem("favorite-after-sign-in", JSON.stringify({ mangaId: "7", at: Date.now() }));
    expect(takeFavoriteIntent(7)).toBe(false);
    // A click from the future (a clock set back) does not count either.
    rememberFavoriteIntent(7, 10_000);
    expect(takeFavoriteIntent(7, 5_000)).toBe(false);
  });

  it("survives a sign-in only when it returns to that manga's page (a click walked away from is dropped)", () => {
    rememberFavoriteIntent(7);
    keepFavoriteIntentFor("/dashboard/discovery/manga/7");
    expect(takeFavoriteIntent(7)).toBe(true);
    rememberFavoriteIntent(7);
    keepFavoriteIntentFor("/dashboard/discovery");
    expect(localStorage.length).toBe(0);
    expect(takeFavoriteIntent(7)).toBe(false);
    rememberFavoriteIntent(7);
    keepFavoriteIntentFor("/dashboard/discovery/manga/70");
    expect(takeFavoriteIntent(7)).toBe(false);
  });
});
