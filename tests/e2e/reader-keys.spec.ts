import type { Browser, BrowserContextOptions, CDPSession } from "@playwright/test";
import { closeSponsoredMessage, expect, expectAccessible, test, type APIRequestContext, type Page } from "./fixtures";
import { publishThroughApi, TEST_PASSWORD, unique } from "./helpers";

/**
 * Issue 32, items 4 and 5 (ADR 009): keys are the reader's (rebind in the keyboard help, conflicts refused, reset), tap
 * zones (previous / menu / next, mirrored right to left) and swipe, both configurable; signed in, these settings and the
 * vertical view's exact place follow the account to another browser. Each test publishes its own manga and, signed
 * in, makes its own account.
 */

const T = {
  en: {
    pageOf: (n: number, total: number) => `Page ${n} of ${total}`,
    conflict: /“G” already does “Go to page”/,
    saved: /“Next page” is now D\./,
  },
  ar: {
    pageOf: (n: number, total: number) => `الصفحة ${n} من ${total}`,
    conflict: /«G» مخصّص لـ«الانتقال إلى صفحة»/,
    saved: /أصبح «الصفحة التالية» على المفتاح D\./,
  },
} as const;

const grey = (n: number) => [40 + n * 25, 100, 140] as const;

/** A manga (0 right to left, 1 left to right, 2 vertical) with one chapter of `count` pages. */
async function chapterOf(request: APIRequestContext, direction: "0" | "1" | "2", count = 5) {
  const tint = 20 + Math.floor(Math.random() * 200);
  return publishThroughApi(request, {
    title: unique("Keys "),
    description: "A chapter for the reader's keys and touch.",
    genre: "Action",
    cover: [40, 120, 160],
    fields: { readingDirection: direction },
    chapter: { title: "Chapter one", pages: Array.from({ length: count }, (_, i) => (direction === "2" ? { colour: [tint, 60 + i * 15, 90] as const, width: 600, height: 1200 } : grey(i))) },
  });
}

async function openReader(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByTestId("reader")).toHaveAttribute("data-ready", "true");
  await closeOverlay(page);
}

/**
 * Signs in an account this test made, through the login form. The wait is longer than helpers' signInAs: on a busy
 * two-core machine (other suites, a build) the password hash alone has taken over 20 s.
 */
async function signIn(page: Page, username: string, prefix: string) {
  await page.goto(`${prefix}/auth?type=login`);
  await page.locator("#login-username").fill(username);
  await page.locator("#login-password").fill(TEST_PASSWORD);
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/discovery$`), { timeout: 90_000 });
}

/** Closes the sponsored message if one shows (its close button is enabled after 1 s). */
async function closeOverlay(page: Page) {
  // Content protection's blackout (a timer tick late on a very busy machine reads as a paused debugger) covers everything for 50 s.
  await expect(page.getByTestId("blackout")).toHaveCount(0, { timeout: 60_000 });
  await closeSponsoredMessage(page);
}

const label = (page: Page) => page.getByTestId("page-label");

async function newAccount(request: APIRequestContext): Promise<string> {
  const username = unique("keys");
  const res = await request.post("/api/test/create-user", { data: { fullName: "Keys Test", username, password: TEST_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return username;
}

/** A second browser (its own cookies and storage) with the project's device, watched for page errors. */
async function secondBrowser(browser: Browser): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const use = test.info().project.use;
  const options: BrowserContextOptions = {
    baseURL: use.baseURL, viewport: use.viewport, userAgent: use.userAgent, deviceScaleFactor: use.deviceScaleFactor, isMobile: use.isMobile, hasTouch: use.hasTouch,
  };
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`uncaught ${e.name}: ${e.message}`));
  return { page, errors, close: () => context.close() };
}

/** A touch swipe from (x0, y) to (x1, y) in a few moves (CDP: real touch events, as a finger makes them). */
async function swipe(cdp: CDPSession, x0: number, x1: number, y: number) {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= 4; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x0 + ((x1 - x0) * i) / 4, y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** Opens the keyboard help's key editor. */
async function openKeyEditor(page: Page) {
  await page.getByTestId("open-help").click();
  await expect(page.getByTestId("help-dialog")).toBeVisible();
  await page.getByTestId("edit-keys").click();
  await expect(page.getByTestId("key-editor")).toBeVisible();
}

for (const lang of ["en", "ar"] as const) {
  const prefix = lang === "ar" ? "/ar" : "";
  const t = T[lang];

  test.describe(`the reader's keys and touch (${lang})`, () => {
    // Publishing, sign-ins and a second browser: minutes on a busy two-core machine.
    test.describe.configure({ timeout: 240_000 });
    test("rebind a key and use it; a conflict is refused with a message; reset to defaults", async ({ page, request }) => {
      const { mangaId, chapterId } = await chapterOf(request, "1");
      await openReader(page, `${prefix}/manga-reader/${mangaId}/${chapterId}`);
      await expect(label(page)).toHaveText(t.pageOf(1, 5));
      await openKeyEditor(page);
      // The next page (left to right): D instead of →.
      await page.getByTestId("rebind-next.ltr").click();
      await page.keyboard.press("KeyD");
      await expect(page.getByTestId("key-notice")).toHaveText(t.saved);
      await expect(page.locator("[data-testid=key-editor] li[data-binding='next.ltr'] kbd")).toHaveText("D");
      // G already opens the page navigator: refused, nothing changed.
      await page.getByTestId("rebind-previous.ltr").click();
      await page.keyboard.press("KeyG");
      await expect(page.getByRole("alert").filter({ hasText: t.conflict })).toBeVisible();
      await expect(page.locator("[data-testid=key-editor] li[data-binding='previous.ltr'] kbd")).toHaveText("←");
      // Escape while waiting for a key cancels the wait, not the dialog.
      await page.getByTestId("rebind-previous.ltr").click();
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("rebind-previous.ltr")).toHaveAttribute("aria-pressed", "false");
      await expect(page.getByTestId("help-dialog")).toBeVisible();
      await page.getByTestId("keys-done").click();
      await expect(page.locator("[data-testid=key-list] div[data-binding='next.ltr'] kbd")).toHaveText("D");
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("help-dialog")).toHaveCount(0);

      await page.keyboard.press("d");
      await expect(label(page)).toHaveText(t.pageOf(2, 5));
      // → is no longer the next page; ← still the previous one.
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowLeft");
      await expect(label(page)).toHaveText(t.pageOf(1, 5));
      expect(await page.evaluate(() => localStorage.getItem("readerKeys"))).toBe(JSON.stringify({ "next.ltr": ["d"] }));

      // Kept after a reload (this browser), and reset to the defaults.
      await page.reload();
      await expect(page.getByTestId("reader")).toHaveAttribute("data-ready", "true");
      await closeOverlay(page);
      // "?" opens the keyboard help too.
      await page.keyboard.press("?");
      await expect(page.getByTestId("help-dialog")).toBeVisible();
      await page.getByTestId("edit-keys").click();
      await expect(page.locator("[data-testid=key-editor] li[data-binding='next.ltr'] kbd")).toHaveText("D");
      await page.getByTestId("reset-keys").click();
      await expect(page.locator("[data-testid=key-editor] li[data-binding='next.ltr'] kbd")).toHaveText("→");
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("help-dialog")).toHaveCount(0);
      await page.keyboard.press("ArrowRight");
      await expect(label(page)).toHaveText(t.pageOf(2, 5));
    });

    test("tap zones are mirrored on a right-to-left title, the middle opens the settings, and they can be turned off", async ({ page, request, isMobile }) => {
      const { mangaId, chapterId } = await chapterOf(request, "0");
      await openReader(page, `${prefix}/manga-reader/${mangaId}/${chapterId}`);
      const main = (await page.locator("main").boundingBox())!;
      const y = main.y + main.height / 2;
      const tap = (fraction: number) => (isMobile ? page.touchscreen.tap(main.x + main.width * fraction, y) : page.mouse.click(main.x + main.width * fraction, y));
      // Right to left: the left side is the next page, the right side the previous one.
      await tap(0.15);
      await expect(label(page)).toHaveText(t.pageOf(2, 5));
      await tap(0.15);
      await expect(label(page)).toHaveText(t.pageOf(3, 5));
      await closeOverlay(page);
      await tap(0.85);
      await expect(label(page)).toHaveText(t.pageOf(2, 5));
      if (!isMobile) return; // a mouse's click on the middle does nothing; fingers open the menu
      await tap(0.5);
      await expect(page.getByTestId("settings-panel")).toBeVisible();
      await page.getByTestId("tab-reading").click();
      await page.getByTestId("setting-tap-zones").click();
      await expect(page.getByTestId("setting-tap-zones")).not.toBeChecked();
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("settings-panel")).toHaveCount(0);
      // Off: taps turn nothing (the footer's button still does).
      await tap(0.15);
      await page.getByTestId("next-page").click();
      await expect(label(page)).toHaveText(t.pageOf(3, 5));
      expect(await page.evaluate(() => localStorage.getItem("readerTouch"))).toBe(JSON.stringify({ tapZones: false }));
    });

    test("swipe turns pages in the reading direction; a short swipe at low sensitivity does not; swipe can be off", async ({ page, request }) => {
      const { mangaId, chapterId } = await chapterOf(request, "0");
      // A page behind the reader in the history, as when it is opened from a preview: a swipe must not go back to it.
      await page.goto(`${prefix}/discovery/manga/${mangaId}`);
      await openReader(page, `${prefix}/manga-reader/${mangaId}/${chapterId}`);
      const readerUrl = page.url();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
      const main = (await page.locator("main").boundingBox())!;
      const y = main.y + main.height / 2;
      const mid = main.x + main.width / 2;
      // Right to left: a swipe to the right brings the next page.
      await swipe(cdp, mid - 100, mid + 100, y);
      await expect(label(page)).toHaveText(t.pageOf(2, 5));
      expect(page.url()).toBe(readerUrl);
      await swipe(cdp, mid + 100, mid - 100, y);
      await expect(label(page)).toHaveText(t.pageOf(1, 5));
      expect(page.url()).toBe(readerUrl);

      await page.evaluate(() => localStorage.setItem("readerTouch", JSON.stringify({ swipeSensitivity: "low" })));
      await page.reload();
      await expect(page.getByTestId("reader")).toHaveAttribute("data-ready", "true");
      await closeOverlay(page);
      // The saved sensitivity is in force (the settings read the same store the swipe does).
      await page.getByTestId("open-settings").click();
      await page.getByTestId("tab-reading").click();
      await expect(page.getByTestId("swipe-low")).toBeChecked();
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("settings-panel")).toHaveCount(0);
      // 90 px is short of low sensitivity's 120; then a long one turns one page only.
      await swipe(cdp, mid - 45, mid + 45, y);
      await swipe(cdp, mid - 100, mid + 100, y);
      await expect(label(page)).toHaveText(t.pageOf(2, 5));

      // Off in the settings: a swipe does nothing (the next long swipe is checked against a key press after it).
      await page.getByTestId("open-settings").click();
      await page.getByTestId("tab-reading").click();
      await page.getByTestId("setting-swipe").click();
      await expect(page.getByTestId("swipe-low")).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("settings-panel")).toHaveCount(0);
      await swipe(cdp, mid - 100, mid + 100, y);
      await page.keyboard.press("ArrowLeft");
      await expect(label(page)).toHaveText(t.pageOf(3, 5));
    });

    test("signed in, keys and touch settings follow the account to a second browser", async ({ page, request, browser }) => {
      const { mangaId, chapterId } = await chapterOf(request, "1");
      const username = await newAccount(request);
      const url = `${prefix}/manga-reader/${mangaId}/${chapterId}`;
      await signIn(page, username, prefix);
      await openReader(page, url);
      await openKeyEditor(page);
      await page.getByTestId("rebind-next.ltr").click();
      const saved = page.waitForResponse((r) => r.url().endsWith("/api/Authentication/Me/ReaderSettings") && r.request().method() === "PUT" && r.status() === 200);
      await page.keyboard.press("KeyD");
      await expect(page.getByTestId("key-notice")).toHaveText(t.saved);
      expect((await (await saved).json()).data.settings.keys).toEqual({ "next.ltr": ["d"] });
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("help-dialog")).toHaveCount(0);
      await page.getByTestId("open-settings").click();
      await page.getByTestId("tab-reading").click();
      const savedTouch = page.waitForResponse((r) => r.url().endsWith("/api/Authentication/Me/ReaderSettings") && r.request().method() === "PUT" && r.status() === 200);
      await page.getByTestId("setting-swipe").click();
      expect((await (await savedTouch).json()).data.settings).toMatchObject({ keys: { "next.ltr": ["d"] }, touch: { swipe: false } });
      // Signed in, this browser keeps none of it.
      expect(await page.evaluate(() => [localStorage.getItem("readerKeys"), localStorage.getItem("readerTouch")])).toEqual([null, null]);

      const other = await secondBrowser(browser);
      try {
        await signIn(other.page, username, prefix);
        await openReader(other.page, url);
        await expectAccessible(other.page);
        await other.page.keyboard.press("d");
        await expect(label(other.page)).toHaveText(t.pageOf(2, 5));
        await other.page.getByTestId("open-settings").click();
        await other.page.getByTestId("tab-reading").click();
        await expect(other.page.getByTestId("setting-swipe")).not.toBeChecked();
        await expectAccessible(other.page);
        expect(other.errors).toEqual([]);
      } finally {
        await other.close();
      }
    });

    test("signed in, a vertical chapter resumes on a second browser at the same page and offset", async ({ page, request, browser }) => {
      const { mangaId, chapterId } = await chapterOf(request, "2", 8);
      const username = await newAccount(request);
      const url = `${prefix}/manga-reader/${mangaId}/${chapterId}`;
      await signIn(page, username, prefix);
      await openReader(page, url);
      await expect(page.getByTestId("reader")).toHaveAttribute("data-view", "vertical");
      const main = page.locator("main");
      const savedPlace = page.waitForRequest((r) => {
        if (!r.url().endsWith("/api/chapter/SaveProgress")) return false;
        const body = r.postDataJSON() as { anchorPage?: number; anchorOffset?: number };
        return body.anchorPage === 5 && Math.abs((body.anchorOffset ?? 0) - 0.42) < 0.01;
      });
      await main.evaluate((el) => {
        const fig = el.querySelector("figure[data-page='5']")!.getBoundingClientRect();
        el.scrollTop += fig.top - el.getBoundingClientRect().top + 0.42 * fig.height;
      });
      expect((await (await savedPlace).response())?.status()).toBe(200);

      const other = await secondBrowser(browser);
      try {
        await signIn(other.page, username, prefix);
        await openReader(other.page, url);
        const place = () => other.page.locator("main").evaluate((el) => {
          const fig = el.querySelector("figure[data-page='5']")!.getBoundingClientRect();
          return (el.getBoundingClientRect().top - fig.top) / fig.height;
        });
        await expect.poll(place).toBeCloseTo(0.42, 2);
        await expectAccessible(other.page);
        expect(other.errors).toEqual([]);
      } finally {
        await other.close();
      }
    });
  });
}
