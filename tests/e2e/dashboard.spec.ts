import { expect, test, type Locator, type Page } from "./fixtures";
import { DEMO, isPhone, openSiteMenu, signIn, skipEnglishOnPhone } from "./helpers";

/**
 * The dashboard shell (issue 3): the signed-out guard, navigation by role for the demo accounts, the
 * content-management sub-menu, header titles from the path, the profile dropdown, role-gated pages and
 * the public header's "View Dashboard" button. Demo accounts come from scripts/seed/accounts.ts.
 */

/** The navigation panel for this viewport (the mobile menu is opened first on phones). */
async function navigation(page: Page): Promise<Locator> {
  if (isPhone()) {
    const nav = page.getByTestId("dashboard-mobile-nav");
    // Retried until the shell has hydrated and the menu slides in.
    await expect(async () => {
      await page.getByRole("button", { name: /Open menu|فتح القائمة/ }).click({ timeout: 2000 });
      await expect(nav).toBeInViewport({ timeout: 1000 });
    }).toPass();
    return nav;
  }
  return page.getByTestId("dashboard-sidebar");
}

/** Top-level entries of the navigation, as their visible names. */
async function topLevel(nav: Locator): Promise<string[]> {
  return nav.locator(":scope > ul > li > a, :scope > ul > li > button").allInnerTexts().then((names) => names.map((n) => n.trim()));
}

test.describe("signed out", () => {
  for (const [path, target] of [
    ["/dashboard", /\/auth$/],
    ["/dashboard/favorites", /\/auth\?next=%2Fdashboard%2Ffavorites$/],
    ["/dashboard/user-management", /\/auth\?next=%2Fdashboard%2Fuser-management$/],
    ["/ar/dashboard", /\/ar\/auth$/],
    ["/ar/dashboard/discovery", /\/ar\/auth\?next=%2Fdashboard%2Fdiscovery$/],
  ] as const) {
    test(`${path} redirects to the login page`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(target);
      await expect(page.locator("#login-username")).toBeVisible();
    });
  }

  for (const prefix of ["", "/ar"] as const) {
    test(`${prefix || "/"}: signing in from that redirect returns to the page asked for`, async ({ page }) => {
      skipEnglishOnPhone(!prefix);
      await page.goto(`${prefix}/dashboard/notifications?page=1`);
      await expect(page).toHaveURL(new RegExp(`${prefix}/auth\\?next=`));
      await page.locator("#login-username").fill(DEMO.root.username);
      await page.locator("#login-password").fill(DEMO.root.password);
      await page.locator("main form button[type=submit]").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/notifications\\?page=1$`));
      await expect(page.getByTestId("dashboard-title")).toHaveText(prefix ? "الإشعارات" : "Notifications");
    });
  }

  test("a return path that leaves the dashboard is ignored", async ({ page }) => {
    skipEnglishOnPhone(true);
    await page.goto(`/auth?next=${encodeURIComponent("//example.com/dashboard")}`);
    await page.locator("#login-username").fill(DEMO.reader.username);
    await page.locator("#login-password").fill(DEMO.reader.password);
    await page.locator("main form button[type=submit]").click();
    await expect(page).toHaveURL(/\/dashboard\/discovery$/);
  });

  test("the public header offers Login and Register", async ({ page }) => {
    await page.goto("/");
    if (isPhone()) await openSiteMenu(page, "Open menu");
    await expect(page.getByRole("link", { name: "Register" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "View Dashboard" })).toHaveCount(0);
  });
});

test("reader: reader navigation, 403 on administrative pages, profile dropdown", async ({ page }) => {
  await signIn(page, "reader");
  const nav = await navigation(page);
  expect(await topLevel(nav)).toEqual(["Discovery", "Favorites", "Premium"]);
  if (isPhone()) await page.getByRole("button", { name: "Close menu" }).click();

  for (const path of ["/dashboard/user-management", "/dashboard/site-settings", "/dashboard/manga-approval", "/dashboard/create-manga", "/dashboard/overview", "/dashboard/monetization"]) {
    await page.goto(path);
    await expect(page.getByTestId("forbidden"), path).toBeVisible();
    await expect(page.getByTestId("forbidden").getByText("Access denied")).toBeVisible();
    // The tab and the header name what is shown, not the page the role may not see (issue 28, item 5).
    await expect(page.getByTestId("dashboard-title"), path).toHaveText("Access denied");
    await expect(page, path).toHaveTitle("Access denied | MangaNova");
  }
  await page.goto("/dashboard/premium");
  await expect(page.getByTestId("dashboard-title")).toHaveText("Premium");
  await expect(page.getByTestId("coming-soon")).toBeVisible();

  // Profile dropdown: first letter, username, full name, role label; outside click closes it.
  const button = page.getByTestId("profile-menu-button");
  await expect(button).toContainText("A");
  await button.click();
  const menu = page.getByRole("menu");
  await expect(menu).toContainText("@reader");
  await expect(page.getByTestId("profile-full-name")).toHaveText(DEMO.reader.fullName);
  await expect(page.getByTestId("profile-role")).toHaveText("Reader");
  await page.getByTestId("dashboard-title").click();
  await expect(menu).toBeHidden();
  // Beyond the spec: the chapters saved for offline (the dashboard has no footer).
  await button.click();
  await expect(page.getByRole("menuitem", { name: "Chapters saved for offline" })).toHaveAttribute("href", "/offline");
  await page.getByTestId("dashboard-title").click();
  await expect(menu).toBeHidden();
  // Choosing the profile item opens profile-management and closes the menu.
  await button.click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile-management$/);
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(page.getByTestId("dashboard-title")).toHaveText("Profile");
});

test("writer: content-management sub-menu first, then manga management, discovery, favorites, premium", async ({ page }) => {
  await signIn(page, "writer");
  const nav = await navigation(page);
  expect(await topLevel(nav)).toEqual(["Content management", "Manga management", "Discovery", "Favorites", "Premium", "Monetization"]);
  const group = nav.getByRole("button", { name: "Content management" });
  await expect(group).toHaveAttribute("aria-expanded", "false");
  await group.click();
  await expect(group).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Create manga" })).toBeVisible();
  await nav.getByRole("link", { name: "Manga approval" }).click();
  await expect(page).toHaveURL(/\/dashboard\/manga-approval$/);
  await expect(page.getByTestId("dashboard-title")).toHaveText("Manga approval");
  // Writers see the page; approving is root's.
  await expect(page.getByTestId("approval-root-only")).toContainText("reserved for administrators");
  await page.goto("/dashboard/user-management");
  await expect(page.getByTestId("forbidden")).toBeVisible();
});

test("root: the full navigation and the administrative pages", async ({ page }) => {
  const subscriptionReads: string[] = [];
  page.on("request", (r) => r.url().includes("/api/Authentication/Me/Subscriptions") && subscriptionReads.push(r.url()));
  await signIn(page, "root");
  const nav = await navigation(page);
  expect(await topLevel(nav)).toEqual([
    "Overview", "Manga management", "Content management", "User management", "Site settings", "Discovery", "Notifications", "Favorites", "Premium",
    "Monetization",
  ]);
  const group = nav.getByRole("button", { name: "Content management" });
  await group.click();
  await expect(nav.getByRole("link", { name: "Create manga" })).toBeVisible();
  await group.click();
  await expect(nav.getByRole("link", { name: "Create manga" })).toBeHidden();
  await nav.getByRole("link", { name: "Site settings" }).click();
  await expect(page).toHaveURL(/\/dashboard\/site-settings$/);
  await expect(page.getByTestId("dashboard-title")).toHaveText("Site settings");
  // The editors (issue 15), not a placeholder.
  await expect(page.getByRole("tablist")).toBeVisible();
  await expect(page.getByTestId("coming-soon")).toHaveCount(0);
  await page.getByTestId("profile-menu-button").click();
  await expect(page.getByTestId("profile-role")).toHaveText("Root");
  // Root reads every chapter: no premium banner on any of these pages, and its subscriptions are never asked for.
  await expect(page.getByTestId("premium-banner")).toHaveCount(0);
  expect(subscriptionReads).toEqual([]);
});

test("root: every administrative page opens with its title", async ({ page }) => {
  // Six of the heaviest pages, each checked with axe: 40–55 s on a quiet 2-core machine, so the CI's 60 s is too short.
  test.slow();
  await signIn(page, "root");
  for (const [path, title] of [
    ["/dashboard/user-management", "User management"],
    ["/dashboard/overview", "Overview"],
    ["/dashboard/manga-approval/1", "Manga approval"],
    ["/dashboard/manga-approval/editor/1", "Edit manga"],
    ["/dashboard/notifications", "Notifications"],
    ["/dashboard/monetization", "Monetization"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId("dashboard-title"), path).toHaveText(title);
    await expect(page.getByTestId("forbidden")).toHaveCount(0);
  }
});

test("Arabic dashboard: right-to-left shell with Arabic titles, and the public header shows View Dashboard", async ({ page }) => {
  await signIn(page, "writer", "/ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("dashboard-title")).toHaveText("استكشاف");
  const nav = await navigation(page);
  expect(await topLevel(nav)).toEqual(["إدارة المحتوى", "إدارة المانجا", "استكشاف", "المفضلة", "بريميوم", "الأرباح"]);
  if (isPhone()) {
    // The slide-in menu comes from the right (the reading start) in Arabic.
    const box = await page.locator("#dashboard-mobile-menu").boundingBox();
    expect(box && box.x + box.width).toBeGreaterThan(380);
    await page.getByRole("button", { name: "إغلاق القائمة" }).click();
  }
  await page.goto("/ar/dashboard");
  await expect(page).toHaveURL(/\/ar\/dashboard\/discovery$/);

  // Public pages learn about the session on the client, so they stay static.
  await page.goto("/ar/frequently-asked-questions");
  if (isPhone()) await openSiteMenu(page, "فتح القائمة");
  await expect(page.getByRole("link", { name: "لوحة التحكم" }).first()).toBeVisible();
});

test.describe("issue 17", () => {
  test("page titles carry the brand in both languages", async ({ page }) => {
    await signIn(page, "reader");
    await page.goto("/dashboard/favorites");
    await expect(page).toHaveTitle("Favorites | MangaNova");
    await page.goto("/dashboard/premium");
    await expect(page).toHaveTitle(/ \| MangaNova$/);
    await page.goto("/ar/dashboard/favorites");
    await expect(page).toHaveTitle(/ \| مانجا نوفا$/);
  });

  test("the sidebar shows every label whole at 1280 px, in both languages", async ({ page }) => {
    test.skip(isPhone(), "the desktop sidebar");
    for (const prefix of ["", "/ar"]) {
      await signIn(page, "root", prefix);
      const labels = page.getByTestId("dashboard-sidebar").locator("a span, button span");
      expect(await labels.count()).toBeGreaterThan(5);
      for (const label of await labels.all()) {
        const clipped = await label.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > (el.closest("nav")?.getBoundingClientRect().right ?? Infinity));
        expect(clipped, `"${await label.innerText()}" is cut off`).toBe(false);
      }
      await page.context().clearCookies();
    }
  });

  test("signing out on a host other than SITE_URL's ends the server-side session too", async ({ page, baseURL }) => {
    test.skip(isPhone(), "one viewport is enough for a server check");
    // The suite's SITE_URL names 127.0.0.1; the same server reached as localhost is the same site.
    const other = baseURL!.replace("127.0.0.1", "localhost");
    await page.goto(`${other}/auth?type=login`);
    await page.locator("#login-username").fill(DEMO.staff.username);
    await page.locator("#login-password").fill(DEMO.staff.password);
    await page.locator("main form button[type=submit]").click();
    await expect(page).toHaveURL(/\/dashboard\/discovery$/);
    expect(new URL(page.url()).hostname).toBe("localhost");
    // The answer is read on its way to the page: the page navigates away at once, taking the response body with it.
    const answers: Array<{ status: number; body: unknown }> = [];
    await page.route("**/api/auth/logout", async (route) => {
      const response = await route.fetch();
      answers.push({ status: response.status(), body: await response.json() });
      await route.fulfill({ response });
    });
    await page.getByTestId("profile-menu-button").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(answers).toEqual([{ status: 200, body: { ok: true } }]);
  });
});
