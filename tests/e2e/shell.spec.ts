import { expect, test } from "./fixtures";
import { openSiteMenu } from "./helpers";

test.describe("site shell", () => {
  test("English home page: language, direction, header, carousels and footer", async ({ page }) => {
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page).toHaveTitle(/\| MangaNova$/);
    const header = page.locator("header").first();
    await expect(header.getByRole("link", { name: "MangaNova" }).first()).toHaveAttribute("href", "/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const genre of ["Action", "Adventure", "Comedy", "Drama"]) {
      await expect(page.getByRole("heading", { name: `${genre} manga` })).toBeVisible();
    }
    await expect(page.locator("#carousel-action [data-manga-id]").first()).toBeVisible();
    const footer = page.locator("footer");
    await expect(footer).toContainText("© 2025 MangaNova");
    await expect(footer).toContainText("Horizon Events");
    await expect(footer.getByRole("link", { name: "Frequently asked questions" })).toHaveAttribute("href", "/frequently-asked-questions");
    await expect(footer.getByRole("link", { name: "Chapters saved for offline" })).toHaveAttribute("href", "/offline");
    await expect(footer.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", /instagram\.com/);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toMatch(/[\u0600-\u06FF]/);
  });

  test("Arabic home page is right-to-left with Arabic navigation", async ({ page }) => {
    const res = await page.goto("/ar");
    expect(res?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "مانجا أكشن" })).toBeVisible();
    await expect(page.locator("footer")).toContainText("© 2025 مانجا نوفا");
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toContain("arabic");
  });

  test("unknown paths answer 404 with the not-found page in both languages", async ({ page }) => {
    const en = await page.goto("/this/does-not-exist");
    expect(en?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page wandered off the map" })).toBeVisible();
    await expect(page.locator("header").first()).toBeVisible();
    const ar = await page.goto("/ar/no-such-page");
    expect(ar?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "يبدو أن هذه الصفحة خرجت عن الخريطة" })).toBeVisible();
  });

  test("/test renders only the word test", async ({ page }) => {
    await page.goto("/test");
    await expect(page.locator("body")).toHaveText("test");
  });

  test("static pages render in both languages", async ({ page }) => {
    for (const path of ["/frequently-asked-questions", "/terms-of-service", "/privacy-policy"]) {
      for (const prefix of ["", "/ar"]) {
        const res = await page.goto(`${prefix}${path}`);
        expect(res?.status(), `${prefix}${path}`).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page).toHaveTitle(/\| (MangaNova|مانجا نوفا)$/);
      }
    }
    await page.goto("/frequently-asked-questions");
    await expect(page.locator("main")).toContainText("50");
    await expect(page.locator("main")).toContainText("2049");
    await expect(page.locator("main")).toContainText("60%");
  });

  test("the theme toggle switches to dark mode and remembers it", async ({ page, isMobile }) => {
    test.skip(isMobile, "on phones the toggle lives in the slide-out menu (covered below)");
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Toggle dark mode" }).first().click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("themeState"))).toBe('{"isDark":true}');
  });

  test("scrolling shows the back-to-top button and makes the header solid", async ({ page }) => {
    await page.goto("/");
    const toTop = page.getByRole("button", { name: "Back to top" });
    await expect(toTop).toHaveCount(0);
    await expect(page.locator("header").first()).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 600);
    await expect(toTop).toBeVisible();
    await expect(page.locator("header").first()).toHaveAttribute("data-scrolled", "true");
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("language switcher", () => {
  test("keeps the current page and remembers the choice", async ({ page, isMobile }) => {
    await page.goto("/frequently-asked-questions");
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Switch to Arabic" }).filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/\/ar\/frequently-asked-questions$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("ar");
    await page.goto("/");
    await expect(page).toHaveURL(/\/ar$/);
  });

  test("after switching back, Back and Forward show each page in the language it was shown in, and only the switcher sets the language", async ({ page, isMobile }) => {
    const switchTo = async (name: string) => {
      if (isMobile) await page.getByRole("button", { name: /Open menu|فتح القائمة/ }).click();
      await page.getByRole("link", { name }).filter({ visible: true }).first().click();
    };
    await page.goto("/frequently-asked-questions");
    await switchTo("Switch to Arabic");
    await expect(page).toHaveURL(/\/ar\/frequently-asked-questions$/);
    // Remembered: an unprefixed address now opens in Arabic.
    await page.goto("/frequently-asked-questions");
    await expect(page).toHaveURL(/\/ar\/frequently-asked-questions$/);
    await switchTo("التبديل إلى الإنجليزية");
    await expect(page).toHaveURL(/\/frequently-asked-questions$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/discovery");
    await page.goBack();
    await expect(page).toHaveURL(/\/frequently-asked-questions$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // Following an Arabic link (uncached pages included) does not change the language chosen.
    for (const path of ["/ar/auth?type=login", "/ar/discovery?search=orbit", "/ar/discovery"]) await page.goto(path);
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect((await page.context().cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("en");
  });
});

test.describe("phone layout", () => {
  test("the slide-out menu opens with navigation and account links", async ({ page, isMobile }) => {
    test.skip(!isMobile, "phone only");
    await page.goto("/");
    const menu = page.locator("#mobile-menu");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu.getByRole("link", { name: "Discovery" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Register" })).toBeVisible();
    await menu.getByRole("button", { name: "Toggle dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu.getByRole("link", { name: "Discovery" })).not.toBeInViewport();
  });

  test("search opens full screen", async ({ page, isMobile }) => {
    test.skip(!isMobile, "phone only");
    await page.goto("/");
    await page.getByRole("button", { name: "Open search" }).click();
    const dialog = page.getByRole("dialog", { name: "Search manga" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("searchbox")).toBeFocused();
    // A modal dialog: Tab stays inside, Escape closes it and focus returns to the button.
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Open search" })).toBeFocused();
  });

  test("the not-found page's tab says so", async ({ page }) => {
    await page.goto("/no-such-page-here");
    await expect(page).toHaveTitle("Page not found | MangaNova");
  });
});

test.describe("link prefetching", () => {
  test.skip(({ isMobile }) => isMobile, "hover needs a mouse");

  test("links prefetch their route on hover or focus, not when they come into view", async ({ page }) => {
    const prefetched: string[] = [];
    page.on("request", (req) => {
      if (req.headers()["next-router-prefetch"]) prefetched.push(new URL(req.url()).pathname);
    });
    const session = page.waitForResponse((res) => res.url().endsWith("/api/auth/session"));
    await page.goto("/");
    await session; // hydrated: the header asked who is signed in
    await page.waitForLoadState("networkidle");
    expect(prefetched, "nothing is prefetched on sight").toEqual([]);

    const discovery = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Discovery" });
    const onHover = page.waitForRequest((req) => Boolean(req.headers()["next-router-prefetch"]) && new URL(req.url()).pathname === "/discovery");
    await discovery.hover();
    await onHover;

    await discovery.click();
    await expect(page).toHaveURL(/\/discovery$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("phone menu at the top of the page (issue 17)", () => {
  for (const [prefix, open] of [["", "Open menu"], ["/ar", "فتح القائمة"]] as const) {
    test(`${prefix || "/"}: the panel is opaque, full height and above the page; Escape closes it and focus returns`, async ({ page, isMobile }) => {
      test.skip(!isMobile, "phone only");
      await page.goto(prefix || "/");
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const button = page.getByRole("button", { name: open });
      await openSiteMenu(page, open);
      const menu = page.locator("#mobile-menu");
      // Measured once the slide-in has finished.
      await menu.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      const viewport = page.viewportSize()!;
      const box = (await menu.boundingBox())!;
      expect(box.y).toBeLessThanOrEqual(1);
      expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
      expect(box.x).toBeGreaterThanOrEqual(-1);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
      // Opaque: its background has no transparency.
      const background = await menu.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background).not.toMatch(/rgba|transparent|\/ /);
      // Above the page: what is under its links and its lower half is the panel itself.
      for (const link of await menu.getByRole("link").all()) {
        const b = (await link.boundingBox())!;
        const hit = await page.evaluate(([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest("#mobile-menu")), [b.x + b.width / 2, b.y + b.height / 2]);
        expect(hit).toBe(true);
      }
      expect(await page.evaluate(([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest("#mobile-menu")), [box.x + box.width / 2, box.y + box.height * 0.75])).toBe(true);
      // A modal dialog: focus is inside, and Tab stays inside.
      await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Shift+Tab");
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.screenshot({ path: test.info().outputPath("menu.png") });
      await page.keyboard.press("Escape");
      await expect(menu).not.toBeInViewport();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute("aria-expanded", "false");
    });
  }
});

test.describe("footer (issue 17)", () => {
  for (const prefix of ["", "/ar"]) {
    test(`${prefix || "/"}: the scroll-to-top button leaves the credit line readable`, async ({ page }) => {
      await page.goto(`${prefix}/frequently-asked-questions`);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const toTop = page.getByRole("button", { name: /Back to top|العودة إلى الأعلى/ });
      await expect(toTop).toBeVisible();
      const button = (await toTop.boundingBox())!;
      for (const line of await page.locator("footer > div:last-child p").all()) {
        const text = await line.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return [...range.getClientRects()].map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
        });
        for (const r of text) {
          const overlaps = r.x < button.x + button.width && button.x < r.x + r.width && r.y < button.y + button.height && button.y < r.y + r.height;
          expect(overlaps, `footer text at ${JSON.stringify(r)} is under the button at ${JSON.stringify(button)}`).toBe(false);
        }
      }
    });
  }
});
