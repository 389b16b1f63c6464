// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  connectAccount, disconnectAccount, effectivePrefs, getKeyOverrides, getPrefs, getTouchSettings, loadLocalAnchor, loadLocalProgress, saveLocalProgress, setKeyOverrides, setPrefs,
  setTouchSettings, toSeriesPrefs,
} from "./storage";

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

describe("reader settings on the account (issue 32)", () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    disconnectAccount();
    vi.useRealTimers();
  });

  it("signed in, settings are read from and sent to the account (a second after the last change); data saver stays in the browser", () => {
    vi.useFakeTimers();
    const save = vi.fn(async () => undefined);
    connectAccount("ana", { prefs: { view: "vertical" }, series: { "7": { fit: "width", at: 5 } }, keys: { goToPage: ["j"] }, touch: { swipe: false } }, save);
    expect(getPrefs(7)).toMatchObject({ view: "vertical", fit: "width" });
    expect(getKeyOverrides()).toEqual({ goToPage: ["j"] });
    expect(getTouchSettings()).toEqual({ swipe: false });
    setKeyOverrides({ goToPage: ["j"], "next.ltr": ["d"] });
    setTouchSettings({ swipeSensitivity: "high" });
    setPrefs({ dataSaver: true }, 7);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({
      prefs: { view: "vertical" },
      series: { "7": { fit: "width", at: 5 } },
      keys: { goToPage: ["j"], "next.ltr": ["d"] },
      touch: { swipe: false, swipeSensitivity: "high" },
    });
    // Nothing of it in this browser but data saver.
    expect(window.localStorage.getItem("readerKeys")).toBeNull();
    expect(JSON.parse(window.localStorage.getItem("readerPrefs")!)).toEqual({ dataSaver: true });
    expect(getPrefs(7).dataSaver).toBe(true);
  });

  it("an account with no settings yet starts from this browser's; signed out again, the browser's are back", () => {
    setPrefs({ view: "double" }, 3);
    setKeyOverrides({ zoomIn: ["i"] });
    const save = vi.fn(async () => undefined);
    connectAccount("ben", null, save);
    expect(getPrefs(3).view).toBe("double");
    expect(getKeyOverrides()).toEqual({ zoomIn: ["i"] });
    setKeyOverrides({});
    expect(getKeyOverrides()).toEqual({});
    disconnectAccount();
    // The change waiting was sent on the way out; the browser's own are untouched.
    expect(save).toHaveBeenCalledTimes(1);
    expect(getKeyOverrides()).toEqual({ zoomIn: ["i"] });
  });
});
