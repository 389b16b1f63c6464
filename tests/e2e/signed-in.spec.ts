import { expect, test, type Page } from "./fixtures";
import { catalogue, DEMO, isPhone, openSiteMenu, signIn, skipEnglishOnPhone } from "./helpers";

/**
 * Issue 17, item 1: signed-in visitors on the public site. Every public page loads, by a full load and by client
 * navigation, for a reader, a writer and root, in both languages, at phone and desktop width. The shared fixture fails
 * the test on any uncaught page error or console error, and checks each page with axe-core.
 */

const TEXT = {
  en: { prefix: "", dashboard: "View Dashboard", page2: "Page 2", pagination: "Pagination", search: "Search manga", openSearch: "Open search", openMenu: "Open menu", discovery: "Discovery", home: "Home" },
  ar: { prefix: "/ar", dashboard: "لوحة التحكم", page2: "الصفحة 2", pagination: "التنقل بين الصفحات", search: "البحث عن مانجا", openSearch: "فتح البحث", openMenu: "فتح القائمة", discovery: "استكشاف", home: "الرئيسية" },
} as const;

/** Demo accounts per role (the reader is one whose state no other test depends on: reading here saves progress). */
const ROLES = { reader: "omar", writer: "writer", root: "root" } as const;

const cards = (page: Page) => page.locator("main [data-manga-id]");

/** Full load of a public page, waiting until the signed-in parts (header button, hearts) have mounted. */
async function open(page: Page, path: string, t: (typeof TEXT)[keyof typeof TEXT]) {
  const favorites = page.waitForResponse((r) => r.url().includes("/api/Authentication/Me/Favorites"), { timeout: 15_000 }).catch(() => null);
  await page.goto(path);
  if (!isPhone()) await expect(page.locator("header").getByRole("link", { name: t.dashboard })).toBeVisible();
  if ((await cards(page).count()) > 0) expect(await favorites, `the hearts of ${path} read the favourites`).not.toBeNull();
}

for (const [role, who] of Object.entries(ROLES)) {
  for (const [lang, t] of Object.entries(TEXT)) {
    test(`${role} (${lang}): public pages load signed in, by full load and client navigation`, async ({ page, request }) => {
      skipEnglishOnPhone(lang === "en");
      test.setTimeout(90_000);
      const { prefix } = t;
      await signIn(page, who as keyof typeof DEMO, prefix);

      await open(page, `${prefix}/`, t);
      await expect(cards(page).first()).toBeVisible();

      await open(page, `${prefix}/discovery`, t);
      await expect(cards(page)).toHaveCount(20);
      await page.getByRole("navigation", { name: t.pagination }).getByRole("link", { name: t.page2 }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/discovery\\?page=2$`));
      await expect(cards(page)).toHaveCount(20);

      // The header search.
      if (isPhone()) await page.getByRole("button", { name: t.openSearch }).click();
      const box = isPhone() ? page.getByRole("dialog", { name: t.search }).getByRole("searchbox") : page.locator("header").getByRole("searchbox", { name: t.search });
      await box.fill("a");
      await expect(page.locator('[data-testid="search-results"] a').first()).toBeVisible();
      await box.press("Escape");

      // A public preview sends a signed-in user to the dashboard's.
      const [manga] = (await catalogue(request, "pageSize=1")).items;
      await page.goto(`${prefix}/discovery/manga/${manga!.id}`);
      await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/discovery/manga/${manga!.id}$`));
      await expect(page.getByRole("heading", { level: 1, name: manga!.title })).toBeVisible();

      for (const path of ["/frequently-asked-questions", "/terms-of-service", "/privacy-policy"]) {
        await open(page, `${prefix}${path}`, t);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }

      const detail = (await (await request.get(`/api/manga/GetMangaById?id=${manga!.id}&imageFormat=url`)).json()) as { data: { chapters: Array<{ id: number }> } };
      await page.goto(`${prefix}/manga-reader/${manga!.id}/${detail.data.chapters[0]!.id}`);
      await expect(page.getByTestId("reader")).toHaveAttribute("data-ready", "true");

      const missing = await page.goto(`${prefix}/no-such-page-${Date.now()}`);
      expect(missing?.status()).toBe(404);

      // Client navigation: the header's links, from a static page to the catalogue and home.
      await open(page, `${prefix}/frequently-asked-questions`, t);
      if (isPhone()) {
        await openSiteMenu(page, t.openMenu);
        await page.locator("#mobile-menu").getByRole("link", { name: t.discovery }).click();
      } else {
        await page.locator("header nav").getByRole("link", { name: t.discovery }).click();
      }
      await expect(page).toHaveURL(new RegExp(`${prefix}/discovery$`));
      await expect(cards(page)).toHaveCount(20);
      await page.locator("header").getByRole("link", { name: /MangaNova|مانجا نوفا/ }).first().click();
      await expect(page).toHaveURL(new RegExp(`${prefix || "127.0.0.1:\\d+"}/?$`));
      await expect(cards(page).first()).toBeVisible();
    });
  }
}
