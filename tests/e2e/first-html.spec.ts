/**
 * The first HTML tells the truth (issue 35, docs/decisions/021): what the server sends, before any JavaScript runs.
 * Not-found pages (plain HTTP), the signed-in dashboard pages with JavaScript off (their data, or their real empty
 * state, never a false one), the reader's pages for crawlers, and the markup of headings, lists, forms and pagination.
 */
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { apiToken, catalogue, DEMO, isPhone, publishThroughApi, signIn, signInAs, TEST_PASSWORD, unique } from "./helpers";

type Messages = Record<string, Record<string, unknown>>;
const MESSAGES: Record<"en" | "ar", Messages> = {
  en: JSON.parse(readFileSync("messages/en.json", "utf8")) as Messages,
  ar: JSON.parse(readFileSync("messages/ar.json", "utf8")) as Messages,
};
const msg = (lang: "en" | "ar", key: string): string => {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], MESSAGES[lang]);
  if (typeof value !== "string") throw new Error(`no message ${key}`);
  return value;
};
const prefixOf = (lang: "en" | "ar") => (lang === "ar" ? "/ar" : "");

/** The document's visible text as a browser without JavaScript shows it: scripts, templates and hidden parts left out. */
function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<template\b[\s\S]*?<\/template>/g, " ")
    // Segments React streams after the page (placed by script) come last, in hidden divs.
    .replace(/<div hidden id="S:[\s\S]*$/, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

test.describe("not-found pages in the first HTML (item 1)", () => {
  test.skip(() => isPhone(), "plain HTTP: the desktop project checks it once");

  const CASES = [
    { path: "/this-page-does-not-exist", title: "notFound.metaTitle", texts: ["notFound.title", "notFound.description"] },
    { path: "/x/y/z", title: "notFound.metaTitle", texts: ["notFound.title", "notFound.description"] },
    { path: "/discovery/manga/99999", title: "preview.notFoundTitle", texts: ["preview.notFoundTitle", "preview.notFoundText"] },
    { path: "/discovery/manga/abc", title: "preview.notFoundTitle", texts: ["preview.notFoundTitle", "preview.notFoundText"] },
    { path: "/manga-reader/1/99999", title: "reader.notFoundTitle", texts: ["reader.notFoundTitle", "reader.notFoundText"] },
  ] as const;

  for (const lang of ["en", "ar"] as const) {
    test(`${lang}: every 404 is the localized page with status, language, title, text and noindex`, async ({ request }) => {
      for (const c of CASES) {
        const url = `${prefixOf(lang)}${c.path}`;
        const res = await request.get(url, { headers: { "accept-language": lang }, maxRedirects: 0 });
        expect(res.status(), url).toBe(404);
        const html = await res.text();
        expect(html, url).not.toContain("__next_error__");
        const htmlTag = /<html\b[^>]*>/.exec(html)?.[0] ?? "";
        expect(htmlTag, url).toContain(`lang="${lang}"`);
        expect(htmlTag, url).toContain(`dir="${lang === "ar" ? "rtl" : "ltr"}"`);
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
        expect(visibleText(title).trim(), url).toBe(`${msg(lang, c.title)} | ${msg(lang, "brand.name")}`);
        expect(html, url).toMatch(/<meta name="robots" content="noindex[^"]*"/);
        const text = visibleText(html);
        for (const key of c.texts) expect(text, `${url}: ${key}`).toContain(msg(lang, key));
      }
    });
  }

  test("a client navigation to a missing manga shows the page too", async ({ page }) => {
    await page.goto("/discovery/manga/99999");
    await expect(page.getByRole("heading", { level: 1, name: msg("en", "preview.notFoundTitle") })).toBeVisible();
    await expect(page).toHaveTitle(`${msg("en", "preview.notFoundTitle")} | ${msg("en", "brand.name")}`);
  });
});

/** A context with the signed-in cookies of `page` and JavaScript off: what the server sends is all there is. */
async function withoutJavaScript(page: Page, baseURL: string | undefined) {
  const browser = page.context().browser()!;
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), baseURL });
  const open = async (path: string) => {
    const tab = await context.newPage();
    const res = await tab.goto(path);
    expect(res?.status(), path).toBe(200);
    const text = await tab.locator("main").first().innerText();
    const html = await tab.content();
    await tab.close();
    return { text, html };
  };
  return {
    /** The text a reader without JavaScript sees in the page's <main> (status checked). */
    main: async (path: string) => (await open(path)).text,
    /** The whole HTML (parts streamed behind a skeleton included). */
    html: async (path: string) => (await open(path)).html,
    close: () => context.close(),
  };
}

interface Listed { items?: Array<{ title?: string; message?: string }> }
async function listOf(request: APIRequestContext, token: string, url: string, lang: "en" | "ar" = "en"): Promise<Array<{ title?: string; message?: string }>> {
  // In the page's language: notifications are rendered in the language they are read in (issue 28).
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}`, "x-locale": lang } });
  expect(res.status(), url).toBe(200);
  const data = ((await res.json()) as { data: Listed | Array<{ title?: string }> }).data;
  return Array.isArray(data) ? data : (data.items ?? []);
}

/** Favourites and notifications show what the API says this user has, or the real empty state when they have none. */
async function expectOwnLists(off: Awaited<ReturnType<typeof withoutJavaScript>>, request: APIRequestContext, token: string, prefix: string, lang: "en" | "ar") {
  const favorites = await listOf(request, token, "/api/Authentication/Me/Favorites?imageFormat=url");
  const favText = await off.main(`${prefix}/dashboard/favorites`);
  if (favorites.length === 0) expect(favText).toContain(msg(lang, "favoritesPage.empty"));
  else {
    expect(favText).not.toContain(msg(lang, "favoritesPage.empty"));
    expect(favorites.some((f) => f.title && favText.includes(f.title)), "a favourite's title").toBe(true);
  }
  const notifications = await listOf(request, token, "/api/Notification/PaginatedNotification?Page=1&PageSize=10", lang);
  const noteText = await off.main(`${prefix}/dashboard/notifications`);
  if (notifications.length === 0) expect(noteText).toContain(msg(lang, "notifications.page.empty"));
  else {
    expect(noteText).not.toContain(msg(lang, "notifications.page.empty"));
    expect(noteText).toContain(notifications[0]!.message!);
  }
}

test.describe("signed-in pages with JavaScript off (item 2)", () => {
  test.skip(() => isPhone(), "the server's HTML does not depend on the screen: the desktop project checks it");
  test.describe.configure({ timeout: 120_000 });

  test("reader: a new account's real empty states, then its favourite and notification in the first HTML", async ({ page, request, baseURL }) => {
    const username = unique("nojs");
    expect((await request.post("/api/test/create-user", { data: { username, password: TEST_PASSWORD } })).status()).toBe(200);
    await signInAs(page, username);
    const token = await apiToken(request, username, TEST_PASSWORD);
    const off = await withoutJavaScript(page, baseURL);
    try {
      await expectOwnLists(off, request, token, "", "en");
      const manga = (await catalogue(request, "page=1&pageSize=1")).items[0]!;
      const toggled = await request.post("/api/manga/ToggleFavorite", { headers: { authorization: `Bearer ${token}` }, data: { mangaId: manga.id } });
      expect(toggled.status()).toBe(200);
      const message = `First HTML ${unique("n")}`;
      expect((await request.post("/api/test/notify", { data: { username, message } })).status()).toBe(200);
      await expectOwnLists(off, request, token, "", "en");
      expect(await off.main("/dashboard/favorites")).toContain(manga.title);
      // Every card on the favourites page is one: its heart is pressed in the first HTML, not an "add" heart.
      const favoritesHtml = await off.html("/dashboard/favorites");
      expect(favoritesHtml).toContain(`aria-label="${msg("en", "manga.removeFavorite")}"`);
      expect(favoritesHtml).not.toContain(`aria-label="${msg("en", "manga.addFavorite")}"`);
      expect(await off.main("/dashboard/notifications")).toContain(message);
      expect(await off.main("/dashboard/discovery")).toContain(manga.title);
      expect(await off.html("/dashboard/profile-management")).toContain(`value="${username}"`);
      await off.main("/dashboard/premium");
    } finally {
      await off.close();
    }
  });

  test("writer (Arabic): own lists, manga management and the writer's pages in the first HTML", async ({ page, request, baseURL }) => {
    await signIn(page, "writer", "/ar");
    const token = await apiToken(request, DEMO.writer.username, DEMO.writer.password);
    const off = await withoutJavaScript(page, baseURL);
    try {
      await expectOwnLists(off, request, token, "/ar", "ar");
      const mine = await listOf(request, token, "/api/Authentication/Me/Manga?imageFormat=url");
      expect(mine.length).toBeGreaterThan(0);
      const managed = await off.main("/ar/dashboard/manga-management");
      expect(mine.some((m) => m.title && managed.includes(m.title)), "one of the writer's manga").toBe(true);
      for (const path of ["/ar/dashboard/discovery", "/ar/dashboard/manga-approval", "/ar/dashboard/monetization", "/ar/dashboard/create-manga", "/ar/dashboard/premium", "/ar/dashboard/profile-management"]) {
        await off.main(path);
      }
    } finally {
      await off.close();
    }
  });

  test("root: own lists and every administrative page in the first HTML", async ({ page, request, baseURL }) => {
    await signIn(page, "root");
    const token = await apiToken(request, DEMO.root.username, DEMO.root.password);
    const off = await withoutJavaScript(page, baseURL);
    try {
      await expectOwnLists(off, request, token, "", "en");
      // Searched for: the first page lists the newest accounts, and the tests before this one may have made 20.
      expect(await off.main(`/dashboard/user-management?q=${encodeURIComponent(DEMO.reader.username)}`)).toContain(DEMO.reader.username);
      for (const path of ["/dashboard/overview", "/dashboard/site-settings", "/dashboard/audit-log", "/dashboard/reports", "/dashboard/manga-approval", "/dashboard/manga-management", "/dashboard/monetization"]) {
        await off.main(path);
      }
    } finally {
      await off.close();
    }
  });
});

/** A free chapter with pages, from the public chapter list. */
async function freeChapter(request: APIRequestContext): Promise<{ id: number; mangaId: number }> {
  const res = await request.get("/api/chapter/PaginatedChapterDetails?page=1&pageSize=100");
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { data: { items: Array<{ id: number; mangaId: number; isPremium: boolean; pageCount: number }> } }).data.items;
  const chapter = items.find((c) => !c.isPremium && c.pageCount > 0);
  if (!chapter) throw new Error("no free chapter in the demo content");
  return chapter;
}

test.describe("chapter pages for crawlers (item 5)", () => {
  test.skip(() => isPhone(), "plain HTTP: the desktop project checks it once");

  test("robots.txt lets crawlers into the reader; a free chapter is indexable with canonical, hreflang and its first page as the card", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).not.toContain("manga-reader");
    expect(robots).toContain("Disallow: /dashboard");
    const chapter = await freeChapter(request);
    for (const lang of ["en", "ar"] as const) {
      const path = `${prefixOf(lang)}/manga-reader/${chapter.mangaId}/${chapter.id}`;
      const res = await request.get(path, { headers: { "accept-language": lang } });
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html).not.toMatch(/<meta name="robots" content="noindex/);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path.replaceAll("/", "\\/")}"`));
      expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="en" href="[^"]*/manga-reader/${chapter.mangaId}/${chapter.id}"`));
      expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="ar" href="[^"]*/ar/manga-reader/${chapter.mangaId}/${chapter.id}"`));
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      expect(image, "og:image").toMatch(/\/media\/[0-9a-f]+$/);
      expect(html).toMatch(/<meta property="og:image:width" content="500"/);
      // The card's image is the chapter's first page, open to anyone.
      const bytes = await request.get(new URL(image!).pathname);
      expect(bytes.status()).toBe(200);
      expect(bytes.headers()["content-type"]).toMatch(/^image\//);
    }
  });

  test("premium chapters stay out of the index", async ({ request }) => {
    const { mangaId, chapterId } = await publishThroughApi(request, {
      title: unique("Crawl Lock "),
      description: "A premium chapter crawlers may fetch but not index.",
      genre: "Mystery",
      cover: [90, 40, 120],
      chapter: { title: "Sealed", fields: { isPremium: "true" }, pages: [[120, 60, 60]] },
    });
    const html = await (await request.get(`/manga-reader/${mangaId}/${chapterId}`)).text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).not.toMatch(/<meta property="og:image" content="[^"]*\/media\/[0-9a-f]+\?/);
  });
});

test.describe("headings and markup (item 6)", () => {
  test.skip(() => isPhone(), "markup: the desktop project checks it (the phone header's search is a dialog)");

  test("reader h1, discovery h1 first, preview lists, landing cards, a disabled Previous that is no link", async ({ page, request, baseURL }) => {
    const browser = page.context().browser()!;
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const off = await context.newPage();
      const chapter = await freeChapter(request);
      await off.goto(`/manga-reader/${chapter.mangaId}/${chapter.id}`);
      await expect(off.locator("h1")).toHaveCount(1);
      await expect(off.locator("h1")).toContainText(" – ");

      for (const lang of ["en", "ar"] as const) {
        await off.goto(`${prefixOf(lang)}/discovery`);
        expect(await off.locator("main :is(h1, h2, h3)").first().evaluate((el) => el.tagName)).toBe("H1");
        // Page 1: Previous is a plain element (the catalogue streams behind its skeleton: looked for in the whole HTML).
        const pagination = off.locator(`nav[aria-label="${msg(lang, "discovery.pagination")}"]`);
        await expect(pagination).toHaveCount(1);
        await expect(pagination.locator('span[aria-disabled="true"]')).toHaveCount(1);
        await expect(pagination.locator('span[aria-disabled="true"]')).toContainText(msg(lang, "discovery.previous"));
        await expect(off.locator("a[aria-disabled]")).toHaveCount(0);
      }

      const manga = (await catalogue(request, "page=1&pageSize=1")).items[0]!;
      await off.goto(`/discovery/manga/${manga.id}`);
      await expect(off.locator("dl > div > :not(dt, dd)")).toHaveCount(0);
      await expect(off.locator("dl > div > dt svg")).toHaveCount(3);

      for (const path of ["/", "/ar"]) {
        await off.goto(path);
        await expect(off.locator("article:not(:has(:is(h1, h2, h3, h4, h5, h6)))")).toHaveCount(0);
        await expect(off.locator("main [data-manga-id]").first()).toBeVisible();
      }
    } finally {
      await context.close();
    }
  });

  test("public pages with JavaScript off show their content, never a skeleton", async ({ page, request, baseURL }) => {
    const browser = page.context().browser()!;
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const off = await context.newPage();
      const manga = (await catalogue(request, "page=1&pageSize=1")).items[0]!;
      for (const prefix of ["", "/ar"]) {
        for (const path of [prefix || "/", `${prefix}/discovery`, `${prefix}/discovery/manga/${manga.id}`]) {
          await off.goto(path);
          // Skeletons are aria-hidden placeholders or aria-busy sections; a streamed section would leave one here.
          await expect(off.locator('[aria-busy="true"], [data-testid$="-skeleton"]'), path).toHaveCount(0);
          await expect(off.locator("main [data-manga-id]").first(), path).toBeVisible();
        }
      }
    } finally {
      await context.close();
    }
  });

  for (const lang of ["en", "ar"] as const) {
    test(`${lang}: the header's and the catalogue's search forms have a labelled 44 px submit button that searches`, async ({ page }) => {
      await page.goto(`${prefixOf(lang)}/discovery`);
      const forms = page.locator('form[role="search"]');
      await expect(forms).toHaveCount(2);
      for (const form of await forms.all()) {
        const submit = form.locator('button[type="submit"]');
        await expect(submit).toHaveAccessibleName(msg(lang, "search.submit"));
        const box = (await submit.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
      await page.locator("header").getByRole("searchbox").fill("a");
      await page.locator("header").getByRole("button", { name: msg(lang, "search.submit"), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/discovery\\?search=a$`));
    });
  }
});
