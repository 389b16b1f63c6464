import { describe, expect, it } from "vitest";
import { ReadingDirection } from "@/lib/enums";
import {
  advanceOverlay, clampPage, doubleScreens, isNearEnd, releaseIn, NO_OVERLAY, pageLabelFor, pagesCoveredBy, progressRange, readerKeyAction,
  savedPageFor, spreadOf, tapKey, tapTurn, turnAvailability, verticalReach, type OverlayState,
} from "./reader-logic";

describe("position", () => {
  it("opens a page within the chapter, page 1 for a bad number", () => {
    expect(clampPage(4, 10)).toBe(4);
    expect(clampPage(12, 10)).toBe(10);
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(3.7, 10)).toBe(3);
    expect(clampPage(Number.NaN, 10)).toBe(1);
    expect(clampPage(5, 0)).toBe(1);
  });
  it("lists one vertical batch (5 pages) from a page, within the chapter", () => {
    expect(verticalReach(1, 20)).toBe(5);
    expect(verticalReach(8, 20)).toBe(12);
    expect(verticalReach(18, 20)).toBe(20);
  });
  it("shows the screen holding the page in double view with its neighbours' first pages, one page otherwise", () => {
    const plain = doubleScreens(9, { coverAlone: false, shift: false, spreads: new Set() });
    expect(spreadOf(4, "double", 10, doubleScreens(10, { coverAlone: false, shift: false, spreads: new Set() }))).toEqual({ first: 3, last: 4, spread: [3, 4], previous: 1, next: 5 });
    expect(spreadOf(9, "double", 9, plain)).toEqual({ first: 9, last: 9, spread: [9], previous: 7, next: null });
    expect(spreadOf(1, "double", 9, plain)).toEqual({ first: 1, last: 2, spread: [1, 2], previous: null, next: 3 });
    expect(spreadOf(4, "single", 10)).toEqual({ first: 4, last: 4, spread: [4], previous: 3, next: 5 });
    expect(spreadOf(10, "vertical", 10)).toEqual({ first: 10, last: 10, spread: [10], previous: 9, next: null });
  });
  describe("double view's pairs (issue 32)", () => {
    const none = new Set<number>();
    it("pairs 1–2, 3–4 with nothing alone, and leaves an odd last page alone", () => {
      expect(doubleScreens(5, { coverAlone: false, shift: false, spreads: none })).toEqual([[1, 2], [3, 4], [5]]);
    });
    it("shows the cover alone, then pairs 2–3, 4–5", () => {
      expect(doubleScreens(6, { coverAlone: true, shift: false, spreads: none })).toEqual([[1], [2, 3], [4, 5], [6]]);
    });
    it("shifts every pair by one page", () => {
      expect(doubleScreens(6, { coverAlone: true, shift: true, spreads: none })).toEqual([[1], [2], [3, 4], [5, 6]]);
      expect(doubleScreens(5, { coverAlone: false, shift: true, spreads: none })).toEqual([[1], [2, 3], [4, 5]]);
    });
    it("shows a spread alone, never pairs across it, and pairs again after it", () => {
      expect(doubleScreens(8, { coverAlone: true, shift: false, spreads: new Set([4]) })).toEqual([[1], [2, 3], [4], [5, 6], [7, 8]]);
      expect(doubleScreens(8, { coverAlone: true, shift: false, spreads: new Set([3]) })).toEqual([[1], [2], [3], [4, 5], [6, 7], [8]]);
      expect(doubleScreens(3, { coverAlone: false, shift: false, spreads: new Set([1, 2, 3]) })).toEqual([[1], [2], [3]]);
    });
    it("covers every page once, in order", () => {
      const screens = doubleScreens(40, { coverAlone: true, shift: true, spreads: new Set([7, 8, 21, 40]) });
      expect(screens.flat()).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(screens.every((s) => s.length <= 2)).toBe(true);
    });
    it("has no screens for a chapter without pages", () => {
      expect(doubleScreens(0, { coverAlone: true, shift: false, spreads: none })).toEqual([]);
    });
  });
  it("places the spread in percent, and the end card at 100", () => {
    expect(progressRange(1, 2, 11, false)).toEqual({ first: 0, last: 10 });
    expect(progressRange(1, 2, 11, true)).toEqual({ first: 100, last: 100 });
  });
  it("saves the last page on screen, the chapter's last at the end card", () => {
    expect(savedPageFor("double", { current: 3, last: 4, atEnd: false }, 10)).toBe(4);
    expect(savedPageFor("single", { current: 3, last: 3, atEnd: false }, 10)).toBe(3);
    expect(savedPageFor("vertical", { current: 7, last: 7, atEnd: false }, 10)).toBe(7);
    expect(savedPageFor("single", { current: 3, last: 3, atEnd: true }, 10)).toBe(10);
  });
  it("turns back from the end card and forward to it in paged views; the vertical view stops at its ends", () => {
    expect(turnAvailability("single", { current: 1, first: 1, atEnd: false }, 10)).toEqual({ canPrevious: false, canNext: true });
    expect(turnAvailability("single", { current: 10, first: 10, atEnd: true }, 10)).toEqual({ canPrevious: true, canNext: false });
    expect(turnAvailability("double", { current: 2, first: 1, atEnd: false }, 0)).toEqual({ canPrevious: false, canNext: false });
    expect(turnAvailability("vertical", { current: 1, first: 1, atEnd: false }, 10)).toEqual({ canPrevious: false, canNext: true });
    expect(turnAvailability("vertical", { current: 10, first: 10, atEnd: false }, 10)).toEqual({ canPrevious: true, canNext: false });
  });
  it("is near the end on the last two pages or the end card", () => {
    expect([8, 9, 10].map((last) => isNearEnd(last, false, 10))).toEqual([false, true, true]);
    expect(isNearEnd(1, true, 10)).toBe(true);
    expect(isNearEnd(1, true, 0)).toBe(false);
  });
});

describe("labels and requests", () => {
  it("labels a pair as pages, one page (or the vertical view's page) as a page, and nothing without pages", () => {
    expect(pageLabelFor("double", { current: 4, first: 3, last: 4, spread: [3, 4] }, 10)).toEqual({ key: "pagesOf", first: 3, last: 4, total: 10 });
    expect(pageLabelFor("double", { current: 9, first: 9, last: 9, spread: [9] }, 9)).toEqual({ key: "pageOf", current: 9, total: 9 });
    expect(pageLabelFor("vertical", { current: 6, first: 6, last: 6, spread: [6] }, 10)).toEqual({ key: "pageOf", current: 6, total: 10 });
    expect(pageLabelFor("single", { current: 1, first: 1, last: 1, spread: [1] }, 0)).toBeNull();
  });
  it("lists the chapter pages an API page covers, not beyond the chapter", () => {
    expect(pagesCoveredBy(1, 5, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pagesCoveredBy(3, 5, 12)).toEqual([11, 12]);
    expect(pagesCoveredBy(4, 1, 12)).toEqual([4]);
  });
});

describe("input", () => {
  it("turns pages from the outer thirds of the page area only", () => {
    expect([0, 0.34, 0.35, 0.5, 0.65, 0.66, 1].map(tapKey)).toEqual(["ArrowLeft", "ArrowLeft", null, null, null, "ArrowRight", "ArrowRight"]);
    expect(tapKey(Number.NaN)).toBeNull();
  });

  it("turns a tap into the next or previous page in the title's reading direction", () => {
    expect([0.1, 0.5, 0.9].map((f) => tapTurn(f, ReadingDirection.LeftToRight))).toEqual(["previous", null, "next"]);
    expect([0.1, 0.5, 0.9].map((f) => tapTurn(f, ReadingDirection.RightToLeft))).toEqual(["next", null, "previous"]);
  });

  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
  const state = { menuOpen: false, settingsOpen: false, helpOpen: false, fullscreen: false, readingDirection: ReadingDirection.LeftToRight };

  it("follows the title's reading direction with the arrows", () => {
    expect(readerKeyAction(key("ArrowRight"), state)).toBe("next");
    expect(readerKeyAction(key("ArrowLeft"), state)).toBe("previous");
    const rtl = { ...state, readingDirection: ReadingDirection.RightToLeft };
    expect(readerKeyAction(key("ArrowLeft"), rtl)).toBe("next");
    expect(readerKeyAction(key("ArrowRight"), rtl)).toBe("previous");
  });
  it("maps F, R and +/− (either case, with or without Shift) and ignores other keys", () => {
    expect(["f", "F", "r", "R", "+", "=", "-", "_", "x", "Enter"].map((k) => readerKeyAction(key(k), state))).toEqual([
      "toggleFullscreen", "toggleFullscreen", "resetZoom", "resetZoom", "zoomIn", "zoomIn", "zoomOut", "zoomOut", null, null,
    ]);
  });
  it("leaves keys with Ctrl, Cmd or Alt to the browser", () => {
    for (const mod of ["ctrlKey", "metaKey", "altKey"] as const) {
      expect(readerKeyAction(key("ArrowRight", { [mod]: true }), state)).toBeNull();
      expect(readerKeyAction(key("Escape", { [mod]: true }), { ...state, menuOpen: true })).toBeNull();
    }
  });
  it("closes an open panel with Escape, else leaves fullscreen", () => {
    expect(readerKeyAction(key("Escape"), { ...state, menuOpen: true, fullscreen: true })).toBe("closePanels");
    expect(readerKeyAction(key("Escape"), { ...state, helpOpen: true })).toBe("closePanels");
    expect(readerKeyAction(key("Escape"), { ...state, fullscreen: true })).toBe("exitFullscreen");
    expect(readerKeyAction(key("Escape"), state)).toBeNull();
  });
  it("keeps only Escape while the settings or the help are open, but still turns pages with the chapter menu open", () => {
    expect(readerKeyAction(key("ArrowRight"), { ...state, settingsOpen: true })).toBeNull();
    expect(readerKeyAction(key("f"), { ...state, helpOpen: true })).toBeNull();
    expect(readerKeyAction(key("ArrowRight"), { ...state, menuOpen: true })).toBe("next");
  });
  it("opens the keyboard help with ?, whatever the bindings, not while a panel is open", () => {
    expect(readerKeyAction(key("?"), state)).toBe("openHelp");
    expect(readerKeyAction(key("?"), { ...state, keys: new Map([["?", "next" as const]]) })).toBe("openHelp");
    expect(readerKeyAction(key("?"), { ...state, helpOpen: true })).toBeNull();
    expect(readerKeyAction(key("?"), { ...state, settingsOpen: true })).toBeNull();
  });
});

describe("sponsored overlay", () => {
  it("waits until the position is known, then opens the start band once", () => {
    expect(advanceOverlay(NO_OVERLAY, null, { first: 0, last: 0 })).toBeNull();
    const opened = advanceOverlay(NO_OVERLAY, "0:0", { first: 0, last: 0 });
    expect(opened).toEqual({ at: "0:0", previous: 0, shown: ["start"], open: "start" });
    // Open: nothing changes until it is closed, even when the reader moves on.
    expect(advanceOverlay(opened!, "10:10", { first: 10, last: 10 })).toBeNull();
    const closed: OverlayState = { ...opened!, open: null };
    // The same position is not judged again; a new one with no band due only remembers where the reader was.
    expect(advanceOverlay(closed, "0:0", { first: 0, last: 0 })).toBeNull();
    expect(advanceOverlay(closed, "10:10", { first: 10, last: 10 })).toEqual({ at: "10:10", previous: 10, shown: ["start"], open: null });
  });
  it("opens the middle band when a turn jumps over it, and the end band near the end", () => {
    const at44: OverlayState = { at: "44:44", previous: 44, shown: ["start"], open: null };
    expect(advanceOverlay(at44, "55:55", { first: 55, last: 55 })).toEqual({ at: "55:55", previous: 55, shown: ["start", "mid"], open: "mid" });
    const at90: OverlayState = { at: "90:90", previous: 90, shown: ["start", "mid"], open: null };
    expect(advanceOverlay(at90, "100:100", { first: 100, last: 100 })?.open).toBe("end");
  });
});

describe("going anywhere quickly (issue 32)", () => {
  const state = { menuOpen: false, settingsOpen: false, helpOpen: false, fullscreen: false, readingDirection: 0 };
  const key = (k: string) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false });
  it("opens the next and previous chapter with ] and [, and the page navigator with G", () => {
    expect(readerKeyAction(key("]"), state)).toBe("nextChapter");
    expect(readerKeyAction(key("["), state)).toBe("previousChapter");
    expect(readerKeyAction(key("G"), state)).toBe("goToPage");
    expect(readerKeyAction({ ...key("]"), ctrlKey: true }, state)).toBeNull();
    expect(readerKeyAction(key("]"), { ...state, settingsOpen: true })).toBeNull();
  });
  it("closes the navigator with Escape", () => {
    expect(readerKeyAction(key("Escape"), { ...state, navigatorOpen: true })).toBe("closePanels");
  });
  it("says the time to a scheduled chapter in minutes, hours or days, rounded up", () => {
    expect(releaseIn(0)).toBeNull();
    expect(releaseIn(-5)).toBeNull();
    expect(releaseIn(30_000)).toEqual({ value: 1, unit: "minute" });
    expect(releaseIn(59 * 60_000)).toEqual({ value: 59, unit: "minute" });
    expect(releaseIn(60 * 60_000 + 1)).toEqual({ value: 2, unit: "hour" });
    expect(releaseIn(23 * 3_600_000)).toEqual({ value: 23, unit: "hour" });
    expect(releaseIn(3 * 86_400_000 - 1000)).toEqual({ value: 3, unit: "day" });
  });
});
