// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { effectivePrefs, getPrefs, loadLocalAnchor, loadLocalProgress, saveLocalProgress, setPrefs, toSeriesPrefs } from "./storage";

describe("reader settings per series (issue 32)", () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it("remembers a series' own settings without changing another series'", () => {
    setPrefs({ view: "double", coverAlone: false, shift: true, fit: "width", direction: 1 }, 7);
    expect(getPrefs(7)).toMatchObject({ view: "double", coverAlone: false, shift: true, fit: "width", direction: 1 });
    expect(getPrefs(8)).toEqual({});
    expect(getPrefs()).toEqual({});
  });

  it("keeps data saver browser-wide", () => {
    setPrefs({ dataSaver: true }, 7);
    expect(getPrefs(8).dataSaver).toBe(true);
  });

  it("'use for all series' makes this series' settings everyone's, and later changes go to all", () => {
    setPrefs({ view: "vertical", shift: true }, 7);
    setPrefs({ view: "single" }, 8);
    setPrefs({ allSeries: true }, 7);
    expect(getPrefs(8)).toMatchObject({ view: "vertical", shift: true, allSeries: true });
    setPrefs({ fit: "width" }, 9);
    expect(getPrefs(7).fit).toBe("width");
    // Turned off again, each series has its own settings back (series 8 kept single).
    setPrefs({ allSeries: false }, 7);
    expect(getPrefs(8).view).toBe("single");
  });

  it("ignores what is not a setting, and survives broken storage", () => {
    expect(toSeriesPrefs({ view: "sideways", fit: "width", direction: 2, coverAlone: "yes", shift: false })).toEqual({ fit: "width", shift: false });
    window.localStorage.setItem("readerSeriesPrefs", "{not json");
    expect(getPrefs(3)).toEqual({});
    expect(effectivePrefs({ view: "single", allSeries: true }, { view: "double" })).toEqual({ view: "single", allSeries: true });
  });

  it("keeps the most recent 200 series", () => {
    vi.useFakeTimers();
    for (let id = 1; id <= 205; id++) {
      vi.setSystemTime(1_000_000 + id);
      setPrefs({ shift: true }, id);
    }
    const stored = JSON.parse(window.localStorage.getItem("readerSeriesPrefs") ?? "{}") as Record<string, unknown>;
    expect(Object.keys(stored)).toHaveLength(200);
    expect(stored["205"]).toBeDefined();
    expect(stored["1"]).toBeUndefined();
  });
});

describe("the vertical view's exact place (issue 32)", () => {
  beforeEach(() => window.localStorage.clear());

  it("keeps the page and the place within the page at the top edge", () => {
    saveLocalProgress(5, 7, { page: 6, offset: 0.4321987 });
    expect(loadLocalProgress(5)).toBe(7);
    expect(loadLocalAnchor(5)).toEqual({ page: 6, offset: 0.4322 });
    saveLocalProgress(5, 8);
    expect(loadLocalAnchor(5)).toBeNull();
  });

  it("ignores a place that is not one", () => {
    window.localStorage.setItem("readerProgress", JSON.stringify({ 5: { page: 3, at: 1, anchor: { page: 0, offset: 0.5 } }, 6: { page: 3, at: 1, anchor: { page: 2, offset: 3 } } }));
    expect(loadLocalAnchor(5)).toBeNull();
    expect(loadLocalAnchor(6)).toBeNull();
    expect(loadLocalAnchor(7)).toBeNull();
  });
});
