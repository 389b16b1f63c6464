import { describe, expect, it } from "vitest";
import {
  apiPagesFor, arrowStep, batchSize, chapterTag, clampZoom, isProtectedShortcut, overlayFor, progressPercent,
  pageWidthCss, renderWidthFor, sizesFor, sourcesFor, spreadStart, truncate, type OverlayBand,
} from "./reader-utils";

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; code: string }> = {}) => ({
  key: k, code: mods.code, ctrlKey: false, metaKey: false, shiftKey: false, ...mods,
});

describe("titles", () => {
  it("shortens long titles with an ellipsis and leaves short ones alone", () => {
    expect(truncate("The Last Blade of Dawn", 20)).toBe("The Last Blade of Da…");
    expect(truncate("Orbit Zero", 20)).toBe("Orbit Zero");
    expect(truncate("Lanterns of the Lost Harbor", 20)).toBe("Lanterns of the Lost…");
    // Counts characters, not UTF-16 units, and never ends in a space before the ellipsis.
    expect(truncate("مقهى النجوم في بيروت القديمة", 12)).toBe("مقهى النجوم…");
  });
  it("numbers chapters #01, #02 … #100", () => {
    expect([1, 9, 10, 100].map(chapterTag)).toEqual(["#01", "#09", "#10", "#100"]);
  });
});

describe("render widths and sources", () => {
  it("uses 350 px up to 768 px, 500 px up to 1024 px and 700 px above (spec §9)", () => {
    expect([320, 768, 769, 1024, 1025, 1920].map(renderWidthFor)).toEqual([350, 350, 500, 500, 700, 700]);
  });
  const page = { pageNumber: 1, imageUrl: "/media/full", width: 1000, height: 1500, variants: { 350: "/media/a", 500: "/media/b", 700: "/media/c" } };
  it("offers the render-width variants, the reading image only when zoomed in, and only 350 px with data saver", () => {
    const normal = sourcesFor(page, { zoom: 1, dataSaver: false, fit: "height", perRow: 1 });
    expect(normal.srcSet).toBe("/media/a 350w, /media/b 500w, /media/c 700w");
    expect(normal.src).toBe("/media/c");
    expect(sourcesFor(page, { zoom: 2, dataSaver: false, fit: "height", perRow: 1 }).srcSet).toContain("/media/full 1000w");
    expect(sourcesFor(page, { zoom: 1, dataSaver: true, fit: "height", perRow: 1 })).toEqual({ src: "/media/a" });
    // Without AVIF copies (an older client's data) there is no AVIF source.
    expect(normal.avifSrcSet).toBeUndefined();
  });
  const avif = { 480: "/media/full?w=480&f=avif", 720: "/media/full?w=720&f=avif", 1080: "/media/full?w=1080&f=avif" };
  it("offers the AVIF copies at their real widths (never wider than the page), with the same sizes", () => {
    const wide = { ...page, width: 1400, height: 2100, avif };
    const normal = sourcesFor(wide, { zoom: 1, dataSaver: false, fit: "height", perRow: 1 });
    expect(normal.avifSrcSet).toBe("/media/full?w=480&f=avif 480w, /media/full?w=720&f=avif 720w, /media/full?w=1080&f=avif 1080w");
    expect(normal.srcSet).toBe("/media/a 350w, /media/b 500w, /media/c 700w");
    expect(normal.sizes).toBe(sizesFor({ aspect: 1400 / 2100, fit: "height", perRow: 1, zoom: 1 }));
    // A 1000 px page: the 1080 copy is the page itself, 1000 px wide.
    expect(sourcesFor({ ...page, avif }, { zoom: 1, dataSaver: false, fit: "height", perRow: 1 }).avifSrcSet).toBe(
      "/media/full?w=480&f=avif 480w, /media/full?w=720&f=avif 720w, /media/full?w=1080&f=avif 1000w",
    );
    // A 600 px page: one copy names the whole page, once.
    expect(sourcesFor({ ...page, width: 600, height: 900, avif }, { zoom: 1, dataSaver: false, fit: "height", perRow: 1 }).avifSrcSet).toBe(
      "/media/full?w=480&f=avif 480w, /media/full?w=720&f=avif 600w",
    );
  });
  it("adds the reading image to the AVIF candidates when zoomed in on a page wider than the copies, and none with data saver", () => {
    const wide = { ...page, width: 1400, height: 2100, avif };
    expect(sourcesFor(wide, { zoom: 2, dataSaver: false, fit: "height", perRow: 1 }).avifSrcSet).toBe(
      "/media/full?w=480&f=avif 480w, /media/full?w=720&f=avif 720w, /media/full?w=1080&f=avif 1080w, /media/full 1400w",
    );
    expect(sourcesFor({ ...page, avif }, { zoom: 2, dataSaver: false, fit: "height", perRow: 1 }).avifSrcSet).not.toContain("/media/full 1000w");
    expect(sourcesFor(wide, { zoom: 1, dataSaver: true, fit: "height", perRow: 1 })).toEqual({ src: "/media/a" });
  });
  it("describes the displayed width in sizes, per breakpoint, fit and zoom", () => {
    const sizes = sizesFor({ aspect: 2 / 3, fit: "height", perRow: 1, zoom: 1 });
    expect(sizes).toBe(
      "(max-width: 768px) calc(min(350px, (100vw - 16px), (100vh - 156px) * 0.6667) * 1), " +
        "(max-width: 1024px) calc(min(500px, (100vw - 16px), (100vh - 156px) * 0.6667) * 1), " +
        "calc(min(700px, (100vw - 16px), (100vh - 156px) * 0.6667) * 1)",
    );
    expect(sizesFor({ aspect: 2 / 3, fit: "width", perRow: 2, zoom: 1.5 })).toContain("calc(min(700px, (100vw / 2 - 12px)) * 1.5)");
  });
  it("lets a spread alone take two pages' width, in the CSS and in sizes alike (issue 32)", () => {
    expect(pageWidthCss({ aspect: 1.5, fit: "height", perRow: 1, zoom: 1, span: 2 })).toBe("calc(min(var(--rw) * 2, (100vw - 16px), (100dvh - 156px) * 1.5000) * 1)");
    expect(sizesFor({ aspect: 1.5, fit: "width", perRow: 1, zoom: 1, span: 2 })).toContain("calc(min(700px * 2, (100vw - 16px)) * 1)");
  });
});

describe("progress and the sponsored overlay", () => {
  it("measures progress from 0 % on the first page to 100 % on the last", () => {
    expect(progressPercent(1, 20)).toBe(0);
    expect(progressPercent(20, 20)).toBe(100);
    expect(progressPercent(1, 1)).toBe(100);
    expect(progressPercent(99, 20)).toBe(100);
  });

  /** Walks a chapter page by page and returns the overlays shown, as a reader who closes each one. */
  function walk(pages: number[], pageCount: number, perSpread = 1): OverlayBand[] {
    const shown = new Set<OverlayBand>();
    const out: OverlayBand[] = [];
    let previous: number | null = null;
    for (const p of pages) {
      const range = { first: progressPercent(p, pageCount), last: progressPercent(Math.min(pageCount, p + perSpread - 1), pageCount) };
      const band = overlayFor(previous, range, shown);
      if (band) {
        shown.add(band);
        out.push(band);
      }
      previous = range.last;
    }
    return out;
  }

  it("shows each message once: at the start, in the middle and at the end", () => {
    expect(walk([1, 2, 3, 4, 5, 6, 7, 8, 9], 9)).toEqual(["start", "mid", "end"]);
    expect(walk([1, 2, 3, 4, 5, 4, 3, 4, 5, 6, 7, 8, 9, 8, 9], 9)).toEqual(["start", "mid", "end"]);
  });
  it("counts a step over the 48–52 % band as reaching it", () => {
    // 8 pages: page 4 is 42.9 %, page 5 is 57.1 %.
    expect(walk([1, 2, 3, 4, 5, 6, 7, 8], 8)).toEqual(["start", "mid", "end"]);
    // Double view on 7 pages: spreads 1–2, 3–4 (33–50 %), 5–6, 7.
    expect(walk([1, 3, 5, 7], 7, 2)).toEqual(["start", "mid", "end"]);
  });
  it("does not show the start message to a reader who resumes mid-chapter", () => {
    expect(walk([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 20)).toEqual(["mid", "end"]);
    expect(walk([15, 16, 17, 18, 19, 20], 20)).toEqual(["end"]);
  });
});

describe("navigation", () => {
  it("follows the title's reading direction: ← is next in right-to-left manga, → in left-to-right and vertical", () => {
    expect(arrowStep("ArrowLeft", 0)).toBe(1);
    expect(arrowStep("ArrowRight", 0)).toBe(-1);
    expect(arrowStep("ArrowRight", 1)).toBe(1);
    expect(arrowStep("ArrowLeft", 1)).toBe(-1);
    expect(arrowStep("ArrowRight", 2)).toBe(1);
    expect(arrowStep("ArrowUp", 1)).toBe(0);
  });
  it("pairs pages in double view and batches requests by view (spec §7)", () => {
    expect([1, 2, 3, 4, 7].map((p) => spreadStart(p, "double"))).toEqual([1, 1, 3, 3, 7]);
    expect(spreadStart(4, "single")).toBe(4);
    expect([batchSize("single", false), batchSize("double", false), batchSize("vertical", false), batchSize("vertical", true)]).toEqual([1, 2, 5, 2]);
    expect(apiPagesFor(6, 10, 5)).toEqual([2]);
    expect(apiPagesFor(5, 7, 2)).toEqual([3, 4]);
    expect(apiPagesFor(3, 2, 1)).toEqual([]);
  });
  it("keeps zoom between 0.5× and 5×", () => {
    expect([0.1, 0.5, 1.25, 5, 9].map(clampZoom)).toEqual([0.5, 0.5, 1.25, 5, 5]);
  });
});

describe("protected shortcuts", () => {
  it.each([
    ["PrintScreen", {}], ["F12", {}], ["I", { ctrlKey: true, shiftKey: true }], ["j", { metaKey: true, shiftKey: true }],
    ["C", { ctrlKey: true, shiftKey: true }], ["3", { metaKey: true, shiftKey: true }], ["$", { metaKey: true, shiftKey: true, code: "Digit4" }],
    ["5", { metaKey: true, shiftKey: true }], ["s", { ctrlKey: true }], ["p", { metaKey: true }],
  ] as const)("%s %j blacks out", (k, mods) => expect(isProtectedShortcut(key(k, mods))).toBe(true));

  it.each([
    ["ArrowRight", {}], ["f", {}], ["r", {}], ["c", { ctrlKey: true }], ["s", {}], ["3", { shiftKey: true }], ["i", { ctrlKey: true }],
  ] as const)("%s %j does not", (k, mods) => expect(isProtectedShortcut(key(k, mods))).toBe(false));
});
