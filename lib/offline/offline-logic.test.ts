import { describe, expect, it } from "vitest";
import {
  MAX_OFFLINE_CHAPTERS, adFreeUntilOf, formatBytes, isAdFreeNow, isExpired, offlineImageUrl, orphanedUrls, parseRecords, readerPagesOf, recordBytes, shapesOf, signedExpiry,
  totalBytes, withRecord, type OfflineRecord,
} from "./offline-logic";

const page = (n: number, bytes = 1000, extra: Partial<OfflineRecord["pages"][number]> = {}) => ({ pageNumber: n, width: 600, height: 900, spread: false, url: `/media/${"a".repeat(63)}${n}?w=720&f=avif`, bytes, ...extra });

function record(chapterId: number, pages = [page(1), page(2)], extra: Partial<OfflineRecord> = {}): OfflineRecord {
  return {
    chapterId, chapterTitle: `Chapter ${chapterId}`, chapterNumber: 1, mangaId: 7, mangaTitle: "Manga", description: "", genres: ["Action"], author: "writer",
    views: 3, favorites: 1, readingDirection: 0, sourceType: 0, isPremium: false, username: "reader", savedAt: "2026-11-29T10:00:00.000Z", expiresAt: null, adFreeUntil: null, pages, ...extra,
  };
}

describe("saved chapters' records", () => {
  it("reads back what was written, and leaves out what is malformed, foreign or repeated", () => {
    const good = record(1);
    const text = JSON.stringify([good, { ...good, chapterId: "x" }, { ...record(2), pages: [{ ...page(1), url: "https://evil.example/x.jpg" }] }, record(1), 42, null]);
    expect(parseRecords(text)).toEqual([good]);
    expect(parseRecords("not json")).toEqual([]);
    expect(parseRecords(JSON.stringify({ a: 1 }))).toEqual([]);
    expect(parseRecords(null)).toEqual([]);
  });

  it("drops unknown genres and fills missing numbers", () => {
    const raw = { ...record(3), genres: ["Action", "<b>"], views: "9", expiresAt: 5, adFreeUntil: "forever" };
    const [parsed] = parseRecords(JSON.stringify([raw]));
    expect(parsed?.genres).toEqual(["Action"]);
    expect(parsed?.views).toBe(0);
    expect(parsed?.expiresAt).toBe(5);
    expect(parsed?.adFreeUntil).toBeNull();
    // Records saved before the field existed read as not ad-free.
    const { adFreeUntil: _gone, ...older } = record(4);
    expect(parseRecords(JSON.stringify([older]))[0]?.adFreeUntil).toBeNull();
  });

  it("counts sizes per chapter and in all", () => {
    const a = record(1, [page(1, 1500), page(2, 2500)]);
    const b = record(2, [page(1, 1000)]);
    expect(recordBytes(a)).toBe(4000);
    expect(totalBytes([a, b])).toBe(5000);
    expect(totalBytes([])).toBe(0);
  });

  it("keeps one copy per chapter, newest first, at most the cap", () => {
    const list = Array.from({ length: MAX_OFFLINE_CHAPTERS }, (_, i) => record(i + 1));
    const next = withRecord(list, record(1000));
    expect(next).toHaveLength(MAX_OFFLINE_CHAPTERS);
    expect(next[0]?.chapterId).toBe(1000);
    expect(withRecord([record(1), record(2)], record(2, [page(9)])).map((r) => r.chapterId)).toEqual([2, 1]);
  });

  it("frees only images no remaining chapter uses", () => {
    const shared = page(1);
    const a = record(1, [shared, page(2)]);
    const b = record(2, [shared]);
    expect(orphanedUrls([a], [b])).toEqual([page(2).url]);
    expect(orphanedUrls([a], [])).toEqual([shared.url, page(2).url]);
  });
});

describe("premium copies expire with their signed URLs", () => {
  it("takes the earliest expiry of the signed URLs, none for plain ones", () => {
    expect(signedExpiry(["/media/a?w=720&f=avif", "/media/b"])).toBeNull();
    expect(signedExpiry(["/media/a?w=720&f=avif&u=3&exp=2000&sig=x", "/media/b?u=3&exp=1500&sig=y", "/media/c?exp=100"])).toBe(1_500_000);
  });

  it("reads without sponsored messages until the latest running PremiumPlus subscription ends", () => {
    const sub = (type: number, active: boolean, endsAt: string) => ({ type, active, endsAt });
    expect(adFreeUntilOf([])).toBeNull();
    expect(adFreeUntilOf([sub(0, true, "2027-01-01T00:00:00.000Z"), sub(1, false, "2027-02-01T00:00:00.000Z")])).toBeNull();
    expect(adFreeUntilOf([sub(1, true, "2027-01-01T00:00:00.000Z"), sub(1, true, "2027-03-01T00:00:00.000Z"), sub(1, true, "not a date")])).toBe(Date.parse("2027-03-01T00:00:00.000Z"));
    expect(isAdFreeNow({ adFreeUntil: null }, 0)).toBe(false);
    expect(isAdFreeNow({ adFreeUntil: 1000 }, 999)).toBe(true);
    expect(isAdFreeNow({ adFreeUntil: 1000 }, 1000)).toBe(false);
  });

  it("is expired from the expiry on, never for a free chapter", () => {
    expect(isExpired({ expiresAt: null }, Date.now())).toBe(false);
    expect(isExpired({ expiresAt: 1000 }, 999)).toBe(false);
    expect(isExpired({ expiresAt: 1000 }, 1000)).toBe(true);
  });
});

describe("the image a device keeps", () => {
  const p = {
    width: 1400,
    variants: { 350: "/media/v350", 500: "/media/v500", 700: "/media/v700" },
    avif: { 480: "/media/r?w=480&f=avif", 720: "/media/r?w=720&f=avif", 1080: "/media/r?w=1080&f=avif" },
  };

  it("takes the AVIF copy that covers the render width at the screen's density", () => {
    expect(offlineImageUrl(p, { viewportWidth: 1280, dpr: 1, dataSaver: false })).toBe(p.avif[720]);
    expect(offlineImageUrl(p, { viewportWidth: 390, dpr: 1, dataSaver: false })).toBe(p.avif[480]);
    expect(offlineImageUrl(p, { viewportWidth: 390, dpr: 2, dataSaver: false })).toBe(p.avif[720]);
    expect(offlineImageUrl(p, { viewportWidth: 390, dpr: 3, dataSaver: false })).toBe(p.avif[1080]);
    expect(offlineImageUrl(p, { viewportWidth: 1280, dpr: 3, dataSaver: false })).toBe(p.avif[1080]);
  });

  it("names a narrow page's copy by its narrowest URL, like the reader", () => {
    expect(offlineImageUrl({ ...p, width: 600 }, { viewportWidth: 1280, dpr: 2, dataSaver: false })).toBe(p.avif[720]);
    expect(offlineImageUrl({ ...p, width: 400 }, { viewportWidth: 1280, dpr: 2, dataSaver: false })).toBe(p.avif[480]);
  });

  it("falls back to the JPEG variants, and data saver keeps the 350 px one", () => {
    const jpeg = { width: 1400, variants: p.variants };
    expect(offlineImageUrl(jpeg, { viewportWidth: 1280, dpr: 1, dataSaver: false })).toBe(p.variants[700]);
    expect(offlineImageUrl(jpeg, { viewportWidth: 800, dpr: 1, dataSaver: false })).toBe(p.variants[500]);
    expect(offlineImageUrl(jpeg, { viewportWidth: 390, dpr: 1, dataSaver: false })).toBe(p.variants[350]);
    expect(offlineImageUrl(p, { viewportWidth: 1280, dpr: 2, dataSaver: true })).toBe(p.variants[350]);
  });
});

describe("the reader's view of saved pages", () => {
  it("points every source at the kept image and lists shapes and spreads", () => {
    const pages = [page(1), page(2, 10, { width: 1200, height: 900, spread: true })];
    expect(shapesOf(pages)).toEqual({ sizes: [[600, 900], [1200, 900]], spreads: [2] });
    const [first] = readerPagesOf(pages, (pg) => `blob:${pg.pageNumber}`);
    expect(first).toEqual({ pageNumber: 1, imageUrl: "blob:1", width: 600, height: 900, spread: false, variants: { 350: "blob:1", 500: "blob:1", 700: "blob:1" } });
  });
});

describe("sizes for people", () => {
  it("writes kB under a megabyte and MB above, in the page's language", () => {
    expect(formatBytes(0, "en")).toBe("0 kB");
    expect(formatBytes(1, "en")).toBe("1 kB");
    expect(formatBytes(45_600, "en")).toBe("46 kB");
    expect(formatBytes(2_340_000, "en")).toBe("2.3 MB");
    // Arabic names the unit in Arabic (digits as the runtime's ICU writes them for "ar").
    expect(formatBytes(2_340_000, "ar")).toMatch(/^(2\.3|٢٫٣) م\.ب$/);
  });
});
