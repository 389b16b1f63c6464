/**
 * Page-turn latency of the reader (issue 32): the time from a page-turn key press to the next page painted, on a phone
 * profile (Pixel 7: 390×844 CSS px, 2.625×, touch) with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), with the
 * next page prefetched (the reader prefetches it 300 ms after a turn; each press waits for the page's image to be in the
 * browser's cache first). Measured in the page: from the keydown event's time stamp to the first frame after the
 * next page's <img> is in the document and decoded (a rAF, then a task after it, so the frame has been painted).
 * Target (issue 32): p95 ≤ 100 ms. Used by scripts/bench-reader.ts.
 */
import { chromium, devices } from "playwright-core";

export interface PageTurnResult {
  turns: number[];
  chapters: number;
  /** Turns whose next page did not show within 15 s (not counted in `turns`). */
  missed: number;
}

type Target = { mangaId: number; chapterId: number; pageCount: number; rtl: boolean };

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

export function summarise(turns: number[]): string {
  return `p50 ${percentile(turns, 50).toFixed(0)} ms  p95 ${percentile(turns, 95).toFixed(0)} ms  max ${Math.max(...turns).toFixed(0)} ms`;
}

/** Free image chapters a visitor can read in a paged view (not vertical titles), the longest first. */
export async function pageTurnTargets(limit: number): Promise<Target[]> {
  const { getDb } = await import("@/db/client");
  const { chapters, manga } = await import("@/db/schema");
  const { and, desc, eq, gte, isNull, ne, or, lte, sql } = await import("drizzle-orm");
  const db = await getDb();
  const rows = await db
    .select({ mangaId: manga.id, chapterId: chapters.id, pageCount: chapters.pageCount, direction: manga.readingDirection })
    .from(chapters)
    .innerJoin(manga, eq(manga.id, chapters.mangaId))
    .where(and(eq(chapters.status, 1), eq(manga.status, 1), eq(chapters.isPremium, false), eq(chapters.sourceType, 0), ne(manga.readingDirection, 2), gte(chapters.pageCount, 6), or(isNull(chapters.publishAt), lte(chapters.publishAt, sql`now()`))))
    .orderBy(desc(chapters.pageCount), chapters.id)
    .limit(limit);
  return rows.map((r) => ({ mangaId: r.mangaId, chapterId: r.chapterId, pageCount: r.pageCount, rtl: r.direction === 0 }));
}

/**
 * In the page (a string: tsx's helpers do not exist there): from the next keydown's time stamp to the first frame after
 * the next page's image is in the document and decoded.
 */
const MEASURE_IN_PAGE = `(resolve, reject) => {
  let t0 = 0;
  let done = false;
  const timeout = setTimeout(() => reject(new Error("page NEXT did not show")), 15000);
  window.addEventListener("keydown", (e) => { t0 = e.timeStamp; }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    const img = document.querySelector('figure[data-page="NEXT"] img');
    if (!img || t0 === 0 || done) return;
    done = true;
    observer.disconnect();
    img.decode().catch(() => undefined).then(() => requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(timeout);
      resolve(performance.now() - t0);
    })));
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
}`;

/** Turns `turns` pages (over as many chapters as it takes) at `baseUrl` and answers each turn's time in ms. */
export async function measurePageTurns(baseUrl: string, targets: Target[], turns: number, cpuSlowdown = 4): Promise<PageTurnResult> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
  const times: number[] = [];
  let used = 0;
  let missed = 0;
  try {
    const { defaultBrowserType: _type, ...phone } = devices["Pixel 7"]!;
    void _type;
    const context = await browser.newContext({ ...phone, viewport: { width: 390, height: 844 }, baseURL: baseUrl });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    for (const target of targets) {
      if (times.length >= turns) break;
      used++;
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await page.goto(`/manga-reader/${target.mangaId}/${target.chapterId}`);
      await page.locator("[data-testid=reader][data-ready]").waitFor();
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
      for (let n = 1; n < target.pageCount && times.length < turns; n++) {
        await closeOverlay(page);
        // The next page prefetched (the reader asks for it 300 ms after a turn): no new media download for 800 ms.
        await settle(page);
        // The listener is in place before the key is pressed; the turn's time is read after.
        await page.evaluate(`window.__turn = new Promise(${MEASURE_IN_PAGE.replaceAll("NEXT", String(n + 1))}); window.__turn.catch(() => undefined); true`);
        await page.keyboard.press(target.rtl ? "ArrowLeft" : "ArrowRight");
        const time = await page.evaluate("window.__turn.then((t) => t, () => -1)") as number;
        if (time < 0) {
          missed++;
          break; // this chapter's next page did not show (the overlay, protection's blackout): the next chapter
        }
        times.push(time);
      }
    }
  } finally {
    await browser.close();
  }
  return { turns: times, chapters: used, missed };
}

/** Waits until the page has downloaded nothing new from /media/ for 800 ms (10 s at most). */
async function settle(page: import("playwright-core").Page): Promise<void> {
  const count = () => page.evaluate(() => performance.getEntriesByType("resource").filter((e) => e.name.includes("/media/")).length);
  let last = await count();
  let since = Date.now();
  for (const started = Date.now(); Date.now() - started < 10_000 && Date.now() - since < 800; ) {
    await page.waitForTimeout(100);
    const now = await count();
    if (now !== last) {
      last = now;
      since = Date.now();
    }
  }
}

/** The sponsored message, if it shows, closed (its button is enabled after a second). */
async function closeOverlay(page: import("playwright-core").Page): Promise<void> {
  const close = page.locator("[data-testid=sponsored-close]");
  if (!(await close.isVisible())) return;
  await close.click({ timeout: 10_000 });
  await page.locator("[data-testid=sponsored-overlay]").waitFor({ state: "detached", timeout: 10_000 });
}
