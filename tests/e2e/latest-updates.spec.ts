import { expect, test, type Page } from "./fixtures";
import { apiToken, DEMO, isPhone, signIn } from "./helpers";

/**
 * Latest updates (issue 31, item 4; docs/decisions/025): the landing's section, the /latest page with its pages in
 * the URL, the feed links in the head, the feeds themselves, and the signed-in reader's unread marker. Every page is
 * opened at desktop and phone width in both languages (axe runs on each, fixtures.ts). Demo content; nothing hard-coded
 * but the demo accounts.
 */

const cards = (page: Page) => page.locator("main [data-latest-manga]");

for (const locale of ["en", "ar"] as const) {
  const prefix = locale === "ar" ? "/ar" : "";
  const texts = locale === "ar" ? { section: "آخر التحديثات", all: "عرض كل التحديثات", feed: "خلاصة آخر التحديثات" } : { section: "Latest updates", all: "See all updates", feed: "Latest updates feed" };

  test(`${locale}: the landing's section links to the list, whose pages keep ?page= in the URL`, async ({ page }) => {
    await page.goto(prefix || "/");
    const section = page.getByTestId("latest-section");
    await expect(section.getByRole("heading", { level: 2, name: texts.section })).toBeVisible();
    await expect(section.locator("[data-latest-manga]").first()).toBeVisible();
    expect(await section.locator("[data-latest-manga]").count()).toBeLessThanOrEqual(6);
    // Each card: a cover, a title linking to the preview, chapters linking to the reader with a release time.
    const first = section.locator("[data-latest-manga]").first();
    await expect(first.locator("h3 a")).toHaveAttribute("href", /\/discovery\/manga\/\d+$/);
    await expect(first.locator("[data-latest-chapter] a").first()).toHaveAttribute("href", new RegExp(`^${prefix}/manga-reader/\\d+/\\d+$`));
    await expect(first.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    // The feed link every public page carries in its head, in the page's language.
    const link = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute("href", locale === "ar" ? "/feeds/latest.xml?lang=ar" : "/feeds/latest.xml");
    await expect(link).toHaveAttribute("title", texts.feed);

    await section.getByRole("link", { name: texts.all }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/latest$`));
    await expect(page.getByRole("heading", { level: 1, name: texts.section })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    const pagination = page.locator('main nav[aria-label]').last();
    if ((await cards(page).count()) === 12 && (await pagination.count()) > 0) {
      const firstTitle = await cards(page).first().locator("h2").innerText();
      await pagination.locator('a[data-page="2"]').first().click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/latest\\?page=2$`));
      await expect(cards(page).first().locator("h2")).not.toHaveText(firstTitle);
    }
  });
}

test("the list is server-rendered, newest first, and pages past the end are 404", async ({ request }) => {
  test.skip(isPhone(), "server HTML: the same at every width");
  const html = await (await request.get("/latest")).text();
  expect(html).toContain("data-latest-manga=");
  const times = [...html.matchAll(/<h2[^>]*>[\s\S]*?<\/h2>[\s\S]*?<time dateTime="([^"]+)"/g)].map((m) => Date.parse(m[1]!));
  expect(times.length).toBeGreaterThan(0);
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  expect((await request.get("/latest?page=20")).status()).toBe(404);
  expect((await request.get("/ar/latest?page=abc")).status()).toBe(404);
});

test("the feeds: Atom, absolute URLs, the manga's own feed linked from its preview, 404 for an unknown manga", async ({ page, request, baseURL }) => {
  test.skip(isPhone(), "feeds and heads: the same at every width");
  const feed = await request.get("/feeds/latest.xml?lang=ar");
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  expect(feed.headers()["cache-control"]).toMatch(/public/);
  const xml = await feed.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xml:lang="ar">/);
  const entry = /<link rel="alternate" type="text\/html" hreflang="ar" href="([^"]+\/ar\/manga-reader\/(\d+)\/\d+)"\/>/.exec(xml)!;
  expect(entry).not.toBeNull();
  expect(entry[1]!.startsWith("http")).toBe(true);
  const mangaId = entry[2]!;
  await page.goto(`/discovery/manga/${mangaId}`);
  // Its own feed beside the site's.
  await expect(page.locator(`head link[rel="alternate"][type="application/atom+xml"][href$="/feeds/manga/${mangaId}.xml"]`)).toHaveCount(1);
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"][href="/feeds/latest.xml"]')).toHaveCount(1);
  const own = await request.get(`/feeds/manga/${mangaId}.xml`);
  expect(own.status()).toBe(200);
  expect(await own.text()).toContain(`<link rel="alternate" type="text/html" hreflang="en" href="${baseURL}/discovery/manga/${mangaId}"/>`);
  expect((await request.get("/feeds/manga/2147483000.xml")).status()).toBe(404);
});

test("a signed-in reader sees which chapters are new to them; a visitor sees no marker", async ({ page, request }) => {
  test.skip(isPhone(), "a flow: desktop (docs/decisions/020)");
  await page.goto("/latest");
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator("[data-unread]")).toHaveCount(0);
  const rows = page.locator("main [data-latest-chapter]");
  const opened = Number(await rows.first().getAttribute("data-latest-chapter"));
  // The reader opens the first listed chapter (what the reader does on its first page).
  const token = await apiToken(request, DEMO.reader.username, DEMO.reader.password);
  const saved = await request.post("/api/chapter/SaveProgress", { data: { chapterId: opened, pageNumber: 1 }, headers: { authorization: `Bearer ${token}` } });
  expect([200, 403]).toContain(saved.status());
  await signIn(page, "reader");
  await page.goto("/latest");
  await expect(page.locator("main [data-unread]").first()).toBeVisible();
  if (saved.status() === 200) await expect(page.locator(`[data-latest-chapter="${opened}"] [data-unread]`)).toHaveCount(0);
  await expect(page.locator("main [data-unread]").first()).toHaveAttribute("title", "Not read yet");
  // The landing's "Latest updates" section marks them too (in Arabic here), from the same cached page for everyone.
  await page.goto("/ar");
  const section = page.getByTestId("latest-section");
  await expect(section.locator("[data-unread]").first()).toBeVisible();
  await expect(section.locator("[data-unread]").first()).toHaveAttribute("title", "لم تقرأه بعد");
  if (saved.status() === 200) await expect(section.locator(`[data-latest-chapter="${opened}"] [data-unread]`)).toHaveCount(0);
});
