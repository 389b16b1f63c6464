import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "./fixtures";
import { publishThroughApi, unique } from "./helpers";

/**
 * Issue 18, item 1: the public pages come from the custom server's page cache (server/http/page-cache.ts) with
 * headers a shared cache may keep, and a write shows on them at once. Server checks: one viewport.
 */
test.skip(({ isMobile }) => isMobile, "a server check: one viewport");

const PUBLIC_PAGES = ["/", "/ar", "/discovery", "/ar/discovery?genre=Action", "/frequently-asked-questions", "/ar/privacy-policy", "/sitemap.xml", "/robots.txt"];

async function firstPreviewId(request: APIRequestContext): Promise<number> {
  const id = Number(/href="\/discovery\/manga\/(\d+)"/.exec(await (await request.get("/discovery")).text())?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

test("public pages are shareable: public caching, a validator, no cookie, and the second visitor is served from memory", async ({ request }) => {
  const pages = [...PUBLIC_PAGES, `/discovery/manga/${await firstPreviewId(request)}`];
  for (const path of pages) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    const again = await request.get(path);
    expect(again.status(), path).toBe(200);
    const headers = again.headers();
    expect(headers["cache-control"], path).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    expect(headers["set-cookie"], path).toBeUndefined();
    expect(headers["x-page-cache"], path).toMatch(/^(HIT|MISS|STALE)$/);
    expect(headers.etag, path).toMatch(/^W\/"/);
    // Only unprefixed (English) pages answer by language.
    const negotiated = !path.startsWith("/ar") && !path.endsWith(".xml") && !path.endsWith(".txt");
    expect(headers.vary?.includes("Accept-Language") ?? false, path).toBe(negotiated);
    const revalidated = await request.get(path, { headers: { "if-none-match": headers.etag! } });
    // 200 only when a write elsewhere in the suite re-rendered the page in between.
    expect([200, 304], path).toContain(revalidated.status());
  }
});

test("language choice still works with the cache: Arabic visitors of an unprefixed page go to /ar", async ({ request }) => {
  const byHeader = await request.get("/discovery", { headers: { "accept-language": "ar-EG,ar;q=0.9,en;q=0.5" }, maxRedirects: 0 });
  expect(byHeader.status()).toBe(307);
  expect(byHeader.headers().location).toMatch(/\/ar\/discovery$/);
  const byCookie = await request.get("/", { headers: { cookie: "NEXT_LOCALE=ar" }, maxRedirects: 0 });
  expect(byCookie.status()).toBe(307);
  const english = await request.get("/", { headers: { cookie: "NEXT_LOCALE=en", "accept-language": "ar" }, maxRedirects: 0 });
  expect(english.status()).toBe(200);
  expect(await english.text()).toContain('lang="en"');
  expect(await (await request.get("/ar")).text()).toContain('dir="rtl"');
});

test("what is not shared is not cached: searches, deep pages, made-up queries, missing manga", async ({ request }) => {
  for (const path of ["/discovery?search=moon", "/discovery?page=21", "/discovery?utm_source=x", "/discovery/manga/999999999"]) {
    const res = await request.get(path);
    expect(res.headers()["x-page-cache"], path).toBeUndefined();
    expect(res.headers()["cache-control"], path).toContain("no-store");
  }
});

test("a favourite shows on that manga's public preview at once when the manga was quiet", async ({ request }) => {
  // A manga of its own: a count changed within the last COUNTER_REFRESH_MS (another test's toggle) would show up to
  // that late, by design (server/manga/changed.ts).
  const { mangaId: id } = await publishThroughApi(request, {
    title: unique("Counter "),
    description: "A manga whose favourites only this test changes.",
    genre: "Drama",
    cover: [40, 90, 160],
    chapter: { title: "One", pages: [[200, 200, 200]] },
  });
  const username = `pc_${randomBytes(4).toString("hex")}`;
  const password = "Cache#Test2026";
  expect((await request.post("/api/test/create-user", { data: { fullName: "Cache Reader", username, password, role: 0 } })).status()).toBe(200);
  const login = await request.post("/api/Authentication/Login", { data: { username, password } });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const shown = async () => {
    const html = await (await request.get(`/discovery/manga/${id}`)).text();
    return Number(/data-testid="favorite-count">([\d,]+)</.exec(html)?.[1]?.replace(/,/g, ""));
  };
  const stored = async () => {
    const res = await request.get(`/api/manga/GetMangaById?mangaId=${id}&imageFormat=url`);
    return ((await res.json()) as { data: { favorites: number } }).data.favorites;
  };
  await shown(); // now in the page cache
  const toggle = () => request.post("/api/manga/ToggleFavorite", { headers: { authorization: `Bearer ${token}` }, data: { mangaId: id } });
  expect((await toggle()).status()).toBe(200);
  try {
    // Other tests may favourite the same manga meanwhile: the page must agree with the database, not a count.
    await expect.poll(async () => (await shown()) === (await stored()), { timeout: 2_000, intervals: [50] }).toBe(true);
  } finally {
    expect((await toggle()).status()).toBe(200);
  }
});

test("client-side navigation between public pages is served from the cache too, in both languages", async ({ page }) => {
  test.setTimeout(120_000);
  for (const prefix of ["", "/ar"]) {
    // Other workers publish meanwhile, and every publication renders the catalogue's pages again (a new generation):
    // the two visits are tried again until none came between them.
    await expect(async () => {
      const answers: string[] = [];
      const listener = (response: import("@playwright/test").Response) => {
        // The manga previews' payloads (the header's links, e.g. to sign in, are not public pages).
        if (response.request().headers().rsc === "1" && response.url().includes("/discovery/manga/")) answers.push(response.headers()["x-page-cache"] ?? "none");
      };
      page.on("response", listener);
      try {
        for (let visit = 0; visit < 2; visit++) {
          await page.goto(`${prefix}/`);
          const card = page.locator(`main a[href^="${prefix}/discovery/manga/"]`).first();
          const href = (await card.getAttribute("href"))!;
          await card.click();
          await expect(page).toHaveURL(new RegExp(`${href}$`));
          await expect(page.locator("h1")).toBeVisible();
        }
      } finally {
        page.off("response", listener);
      }
      // The second visit's navigation payloads were rendered by the first.
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.every((state) => ["HIT", "MISS", "STALE"].includes(state)), answers.join(", ")).toBe(true);
      expect(answers).toContain("HIT");
    }).toPass({ timeout: 50_000 });
  }
});
