import { expect, test, type Page } from "./fixtures";
import { mailedLink, publishThroughApi, SIGN_IN_WAIT_MS, skipEnglishOnPhone, TEST_PASSWORD, unique } from "./helpers";

/**
 * Back to what the visitor asked for (issue 31, item 1): a chapter link or the heart on a public preview sends a
 * visitor to log in, and once signed in (or registered, then signed in) they are in that chapter, or on the manga's
 * page with the favourite they asked for added. Each test publishes its own manga and makes its own account.
 */

const LANGS = [
  { lang: "en", prefix: "", read: "Start reading", add: "Add to favorites", remove: "Remove from favorites", added: "Added to your favorites", register: "Register", createAccount: "Create account", login: "Login", loginNow: "Login Now" },
  { lang: "ar", prefix: "/ar", read: "ابدأ القراءة", add: "إضافة إلى المفضلة", remove: "إزالة من المفضلة", added: "أُضيفت إلى مفضلتك", register: "إنشاء حساب", createAccount: "إنشاء الحساب", login: "تسجيل الدخول", loginNow: "سجّل الدخول الآن" },
] as const;

async function submitLogin(page: Page, username: string, label: string) {
  await page.locator("#login-username").fill(username);
  await page.locator("#login-password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: label, exact: true }).click();
}

for (const L of LANGS) {
  test.describe(`signing in from a public preview (${L.lang})`, () => {
    test("a new reader registers from a chapter link and lands in that chapter", async ({ page, request, browser, baseURL, isMobile }) => {
      skipEnglishOnPhone(L.lang === "en");
      const { mangaId, chapterId } = await publishThroughApi(request, {
        title: unique("Return Chapter "), description: "A manga for the return-after-sign-in test.", genre: "Drama", cover: [90, 60, 140],
        chapter: { title: "First light", pages: [[200, 180, 160]] },
      });
      await page.goto(`${L.prefix}/discovery/manga/${mangaId}`);
      await page.getByRole("link", { name: L.read }).click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/auth\\?type=login&next=%2Fmanga-reader%2F${mangaId}%2F${chapterId}$`));

      // No account yet: registration on the same screen, which hands back to the login form with the same return path;
      // the header's own Register (desktop) keeps it too.
      if (isMobile) await page.locator("main").getByRole("link", { name: L.register, exact: true }).click();
      else {
        await page.getByRole("banner").getByRole("link", { name: L.register, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`type=register&next=%2Fmanga-reader%2F${mangaId}%2F${chapterId}$`));
      }
      await page.getByTestId("role-card-reader").click();
      const username = unique("ret");
      await page.locator("#register-fullName").fill("Return Reader");
      await page.locator("#register-username").fill(username);
      await page.locator("#register-email").fill(`${username}@example.com`);
      await page.locator("#register-password").fill(TEST_PASSWORD);
      await page.locator("#register-confirmPassword").fill(TEST_PASSWORD);
      await page.locator("#register-dateOfBirth-day").selectOption("05");
      await page.locator("#register-dateOfBirth-month").selectOption("11");
      await page.locator("#register-dateOfBirth-year").selectOption("1999");
      await page.getByRole("button", { name: L.createAccount }).click();
      await expect(page.locator("#login-username")).toHaveValue(username);
      await expect(page).toHaveURL(/type=login&next=%2Fmanga-reader%2F/);

      // The verification mail carries the chapter too: verified in another browser, its login goes there as well.
      const link = await mailedLink(request, `${username}@example.com`, "verify-email");
      expect(link).toContain(`next=%2Fmanga-reader%2F${mangaId}%2F${chapterId}`);
      const elsewhere = await browser.newContext({ baseURL });
      try {
        const other = await elsewhere.newPage();
        await other.goto(link);
        await expect(other.getByTestId("verify-success")).toBeVisible();
        await expect(other.getByRole("link", { name: L.loginNow })).toHaveAttribute("href", `${L.prefix}/auth?type=login&next=%2Fmanga-reader%2F${mangaId}%2F${chapterId}`);
      } finally {
        await elsewhere.close();
      }

      await submitLogin(page, username, L.login);
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/manga-reader/${mangaId}/${chapterId}$`), { timeout: SIGN_IN_WAIT_MS });
      await expect(page.locator("main img").first()).toBeVisible();
    });

    test("the heart a visitor clicked is a favourite once they have signed in", async ({ page, request }) => {
      skipEnglishOnPhone(L.lang === "en");
      const { mangaId } = await publishThroughApi(request, {
        title: unique("Return Heart "), description: "A manga for the favourite-after-sign-in test.", genre: "Comedy", cover: [40, 140, 90],
        chapter: { title: "Opening", pages: [[120, 120, 200]] },
      });
      const username = unique("heart");
      const made = await request.post("/api/test/create-user", { data: { fullName: "Heart Reader", username, password: TEST_PASSWORD, role: 0 } });
      expect(made.status(), await made.text()).toBe(200);

      await page.goto(`${L.prefix}/discovery/manga/${mangaId}`);
      // The header's Login and Register carry the preview as well (in the phone's menu at that width).
      for (const type of ["login", "register"]) {
        await expect(page.locator(`header a[href$="/auth?type=${type}&next=%2Fdiscovery%2Fmanga%2F${mangaId}"]`).first()).toBeAttached();
      }
      await page.locator('article[aria-labelledby="manga-title"]').getByRole("button", { name: L.add }).click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/auth\\?type=login&next=%2Fdashboard%2Fdiscovery%2Fmanga%2F${mangaId}$`));
      await submitLogin(page, username, L.login);

      await expect(page).toHaveURL(new RegExp(`${L.prefix}/dashboard/discovery/manga/${mangaId}$`), { timeout: SIGN_IN_WAIT_MS });
      await expect(page.getByText(L.added)).toBeVisible();
      const heart = page.locator('article[aria-labelledby="manga-title"]').getByRole("button", { name: L.remove });
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      // The server has it (not only this tab's cache), and a second visit does not toggle it back.
      await page.reload();
      await expect(page.locator('article[aria-labelledby="manga-title"]').getByRole("button", { name: L.remove })).toHaveAttribute("aria-pressed", "true");
    });
  });
}
