import { publishThroughApi, signInAs, skipEnglishOnPhone, TEST_PASSWORD, unique } from "./helpers";
import { closeSponsoredMessage, expect, test, type APIRequestContext, type Page } from "./fixtures";

/**
 * Reading offline (issue 32, item 6), in English and Arabic at phone and desktop width: a reader saves a free chapter
 * from the reader's chapter list and sees its size; with the network cut in the browser context the offline page opens
 * (kept by the service worker), reads the saved chapter in the reader (pages render from the cache) and turns pages;
 * the progress made offline is sent through the progress API once the network is back; removing the chapter frees
 * its space. A premium chapter cannot be saved by a reader without a subscription. The manifest and its icons are
 * served, and a public page registers no service worker.
 */

const OFFLINE_CACHE = "mn-offline-pages-v1";

async function newReader(request: APIRequestContext): Promise<string> {
  const username = unique("off_");
  const res = await request.post("/api/test/create-user", { data: { fullName: "Offline Reader", username, password: TEST_PASSWORD, role: 0 } });
  expect(res.status(), await res.text()).toBe(200);
  return username;
}

/** The number of images kept in the offline cache. */
const cachedImages = (page: Page) => page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, OFFLINE_CACHE);

/** Page n's image has loaded (decoded, with a size). */
async function expectImageShown(page: Page, n: number) {
  const img = page.locator(`figure[data-page="${n}"] img`);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  expect(await img.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/^blob:/);
}

for (const prefix of ["", "/ar"] as const) {
  const lang = prefix ? "Arabic" : "English";

  test(`${lang}: a free chapter saved for offline reads with the network cut, its progress is sent when the network is back, and removing it frees the space`, async ({ page, context, request }) => {
    test.setTimeout(240_000);
    const pages = [[200, 60, 60], [60, 200, 60], [60, 60, 200], [200, 200, 60]] as const;
    const { mangaId, chapterId } = await publishThroughApi(request, {
      title: unique("Far Shore "),
      description: "A manga the offline browser test publishes.",
      genre: "Adventure",
      cover: [90, 40, 160],
      chapter: { title: "Lantern Road", pages },
    });
    await signInAs(page, await newReader(request), prefix);

    // Saved from the reader's chapter list: the offline page shows the progress, then the size.
    await page.goto(`${prefix}/manga-reader/${mangaId}/${chapterId}`);
    await expect(page.getByTestId("reader")).toHaveAttribute("data-ready", "true");
    await closeSponsoredMessage(page);
    await page.getByTestId("chapter-menu-button").click();
    await page.getByTestId("save-offline").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/offline$`));
    await expect(page.getByTestId("offline-notice")).toContainText("Lantern Road");
    const item = page.locator(`[data-testid=offline-item][data-chapter="${chapterId}"]`);
    await expect(item.getByTestId("offline-item-title")).toHaveText("Lantern Road");
    const size = (await item.getByTestId("offline-item-size").innerText()).trim();
    expect(size).toMatch(/\d|[٠-٩]/);
    await expect(page.getByTestId("offline-total")).toContainText(size);
    expect(await cachedImages(page)).toBe(pages.length);
    // The service worker keeps this page from now on.
    await expect(page.getByTestId("offline-ready")).toBeVisible({ timeout: 30_000 });

    // No network: the offline page still opens, and so does the saved chapter.
    await context.setOffline(true);
    const answer = await page.goto(`${prefix}/offline`);
    expect(answer?.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId("offline-now")).toBeVisible();
    await item.getByTestId("offline-read").click();
    const reader = page.getByTestId("reader");
    await expect(reader).toHaveAttribute("data-ready", "true");
    await closeSponsoredMessage(page);
    await expectImageShown(page, 1);
    for (let turn = 0; turn < 2; turn++) {
      const before = await reader.getAttribute("data-page");
      await page.getByTestId("next-page").click();
      await expect(reader).not.toHaveAttribute("data-page", before ?? "");
      await closeSponsoredMessage(page);
    }
    const at = Number(await reader.getAttribute("data-page"));
    expect(at).toBeGreaterThan(1);
    await expectImageShown(page, at);
    // The account's progress waits in the queue while the network is away.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("offlineProgressQueue") ?? ""), { timeout: 10_000 }).toContain(`"chapterId":${chapterId}`);
    const queued = (JSON.parse((await page.evaluate(() => localStorage.getItem("offlineProgressQueue"))) ?? "[]") as Array<{ chapterId: number; pageNumber: number }>).find((e) => e.chapterId === chapterId);
    expect(queued?.pageNumber).toBeGreaterThan(1);

    // The network is back: the queued progress goes through the progress API, and the queue empties.
    const sent = page.waitForResponse((r) => r.url().includes("/api/chapter/SaveProgress") && r.request().method() === "POST", { timeout: 30_000 });
    await context.setOffline(false);
    const response = await sent;
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? "{}")).toEqual({ chapterId, pageNumber: queued!.pageNumber });
    await expect.poll(() => page.evaluate(() => localStorage.getItem("offlineProgressQueue"))).toBeNull();

    // Removing it frees the space.
    await page.goto(`${prefix}/offline`);
    await item.getByTestId("offline-remove").click();
    await expect(item).toHaveCount(0);
    await expect(page.getByTestId("offline-empty")).toBeVisible();
    expect(await cachedImages(page)).toBe(0);
    await expect(page.getByTestId("offline-total")).toHaveText(prefix ? /^(0|٠) كيلوبايت مستخدمة \(لا فصول\)$/ : /^0 kB used by 0 chapters$/);
  });

  test(`${lang}: a reader without a subscription cannot save a premium chapter from the preview`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { mangaId } = await publishThroughApi(request, {
      title: unique("Sealed Shore "),
      description: "A premium manga the offline browser test publishes.",
      genre: "Fantasy",
      cover: [40, 140, 180],
      chapter: { title: "Locked Lantern", fields: { isPremium: "true" }, pages: [[160, 60, 60], [60, 160, 60]] },
    });
    await signInAs(page, await newReader(request), prefix);
    await page.goto(`${prefix}/dashboard/discovery/manga/${mangaId}`);
    await page.getByTestId("save-offline").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/offline$`));
    await expect(page.getByTestId("offline-notice")).toHaveText(prefix ? "لا يحفظ الفصول المميزة إلا المشتركون." : "Premium chapters can be saved by subscribers only.");
    await expect(page.getByTestId("offline-item")).toHaveCount(0);
    expect(await cachedImages(page)).toBe(0);
  });

  test(`${lang}: a subscriber's premium chapter is kept only as long as its signed URLs live`, async ({ page, request }) => {
    skipEnglishOnPhone(!prefix);
    test.setTimeout(180_000);
    const { mangaId, chapterId } = await publishThroughApi(request, {
      title: unique("Gilded Shore "),
      description: "A premium manga the offline browser test publishes.",
      genre: "Fantasy",
      cover: [160, 140, 40],
      chapter: { title: "Paid Lantern", fields: { isPremium: "true" }, pages: [[160, 60, 60], [60, 160, 60]] },
    });
    const username = await newReader(request);
    const granted = await request.post("/api/test/grant-subscription", { data: { username, type: 1, days: 30 } });
    expect(granted.status(), await granted.text()).toBe(200);
    await signInAs(page, username, prefix);
    await page.goto(`${prefix}/dashboard/discovery/manga/${mangaId}`);
    await page.getByTestId("save-offline").click();
    const item = page.locator(`[data-testid=offline-item][data-chapter="${chapterId}"]`);
    await expect(item.getByTestId("offline-item-title")).toHaveText("Paid Lantern");
    // The browser-test server signs page URLs for 20-25 s (scripts/e2e-server.ts): the copy says until when.
    await expect(item.getByTestId("offline-item-expires")).toBeVisible();
    expect(await cachedImages(page)).toBe(2);
    const expiresAt = await page.evaluate((id) => (JSON.parse(localStorage.getItem("offlineChapters") ?? "[]") as Array<{ chapterId: number; expiresAt: number | null }>).find((r) => r.chapterId === id)?.expiresAt ?? null, chapterId);
    expect(expiresAt).not.toBeNull();
    expect(expiresAt! - Date.now()).toBeLessThan(60_000);
    // A PremiumPlus subscriber reads the copy without sponsored messages, as online.
    await item.getByTestId("offline-read").click();
    await expect(page.getByTestId("reader")).toHaveAttribute("data-ready", "true");
    await page.getByTestId("next-page").click();
    await expect(page.getByTestId("reader")).toHaveAttribute("data-page", "2");
    await expect(page.getByTestId("sponsored-overlay")).toHaveCount(0);

    // Once they have expired the offline page drops it, images and all.
    await expect.poll(async () => {
      await page.goto(`${prefix}/offline`);
      await expect(page.getByTestId("offline-total")).toBeVisible();
      return item.count();
    }, { timeout: 60_000, intervals: [5_000] }).toBe(0);
    expect(await cachedImages(page)).toBe(0);
  });
}

test("the web app manifest and its icons are served, and public pages register no service worker", async ({ page, request }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as { name: string; start_url: string; display: string; icons: Array<{ src: string; type: string }> };
  expect(manifest.name).toBe("MangaNova · مانجا نوفا");
  expect(manifest.display).toBe("standalone");
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toContain(icon.type);
  }
  const sw = await request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toContain("javascript");

  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});
