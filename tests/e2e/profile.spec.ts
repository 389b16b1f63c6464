import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { isPhone, skipEnglishOnPhoneInBlock } from "./helpers";

/**
 * Issue 16 §1, profile management: a user changes their name and picture (cropped in the browser; the top bar's
 * dropdown shows it) and their theme; changes their password (the old one no longer signs in, the new one does); sees
 * two sessions (a second browser context) and signs the other out; downloads their data; deletes their account; changes
 * their e-mail (the current password is asked for, the address changes from the link mailed to it: issue 27, item 6).
 * English and Arabic, desktop and phone (375 px). Every test makes its own account.
 */
const PASSWORD = "Profile#Pass1";
const NEW_PASSWORD = "Changed#Pass2";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newAccount(request: APIRequestContext, role: 0 | 1 = 0): Promise<{ username: string; id: number }> {
  const username = unique("pf_");
  const res = await request.post("/api/test/create-user", { data: { fullName: "Profile Tester", username, password: PASSWORD, role } });
  expect(res.status(), await res.text()).toBe(200);
  return { username, id: ((await res.json()) as { data: { id: number } }).data.id };
}

async function signInAs(page: Page, username: string, password: string, prefix: string) {
  await page.goto(`${prefix}/auth?type=login`);
  await page.locator("#login-username").fill(username);
  await page.locator("#login-password").fill(password);
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/discovery$`));
}

async function loginStatus(request: APIRequestContext, username: string, password: string): Promise<number> {
  return (await request.post("/api/Authentication/Login", { data: { username, password } })).status();
}

async function noSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

const LANGS = [
  {
    lang: "en", prefix: "", title: "Profile", saved: "Your profile has been saved.", fullName: "Full name", save: "Save changes",
    cropTitle: "Crop your picture", apply: "Use this picture", dark: "Dark", light: "Light",
    current: "Current password", newPassword: "New password", confirm: "Confirm new password", change: "Change password",
    wrong: "The password is not correct.", changed: "Your password has been changed. Your other devices were signed out.",
    thisDevice: "This device", firefox: "Firefox on Windows", signOut: /^Sign out Firefox on Windows/, onlyHere: "You are signed in only here.",
    others: "Sign out everywhere else", confirmOthers: "Sign out others", download: "Download my data",
    deleteButton: "Delete my account", deletePassword: "Password", works: "Deleted user",
    passwordRequired: "Password is required", confirmSent: /^We sent a link to \S+@example\.com\. Your email address changes when you open it/,
    emailChanged: "Email Address Changed",
  },
  {
    lang: "ar", prefix: "/ar", title: "الملف الشخصي", saved: "تم حفظ ملفك الشخصي.", fullName: "الاسم الكامل", save: "حفظ التغييرات",
    cropTitle: "قصّ صورتك", apply: "استخدام هذه الصورة", dark: "داكن", light: "فاتح",
    current: "كلمة المرور الحالية", newPassword: "كلمة المرور الجديدة", confirm: "تأكيد كلمة المرور الجديدة", change: "تغيير كلمة المرور",
    wrong: "كلمة المرور غير صحيحة.", changed: "تم تغيير كلمة مرورك، وتم تسجيل خروج أجهزتك الأخرى.",
    thisDevice: "هذا الجهاز", firefox: "Firefox على Windows", signOut: /^تسجيل الخروج من Firefox على Windows/, onlyHere: "أنت مسجَّل الدخول هنا فقط.",
    others: "تسجيل الخروج من كل مكان آخر", confirmOthers: "تسجيل خروج الآخرين", download: "تنزيل بياناتي",
    deleteButton: "حذف حسابي", deletePassword: "كلمة المرور", works: "مستخدم محذوف",
    passwordRequired: "كلمة المرور مطلوبة", confirmSent: /^أرسلنا رابطًا إلى \S+@example\.com\. يتغير بريدك الإلكتروني عند فتحه/,
    emailChanged: "تم تغيير البريد الإلكتروني",
  },
] as const;

test.beforeEach(async ({ page }) => {
  if (isPhone()) await page.setViewportSize({ width: 375, height: 740 });
});

for (const L of LANGS) {
  test.describe(`profile management (${L.lang})`, () => {
    skipEnglishOnPhoneInBlock(L.lang === "en");
    test("a user changes their name, picture and theme; the dropdown shows the picture", async ({ page, request }) => {
      const { username } = await newAccount(request);
      await signInAs(page, username, PASSWORD, L.prefix);
      await page.goto(`${L.prefix}/dashboard/profile-management`);
      await expect(page.getByTestId("dashboard-title")).toHaveText(L.title);
      await expect(page.getByTestId("profile-image-letter")).toHaveText("P");
      await noSideways(page);

      const name = `Renamed ${username.slice(-4)}`;
      await page.getByLabel(L.fullName).fill(name);
      await page.getByRole("button", { name: L.save }).click();
      await expect(page.getByTestId("profile-details-notice")).toHaveText(L.saved);

      // A landscape picture, cropped square: moved with the keyboard and zoomed, then saved.
      const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
      await page.getByTestId("profile-image-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
      const dialog = page.getByRole("dialog", { name: L.cropTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByTestId("crop-area").focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("+");
      await dialog.getByRole("button", { name: L.apply }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("profile-image")).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}$/);

      // The top bar's dropdown shows the picture and the new name.
      const menuButton = page.getByTestId("profile-menu-button");
      await expect(menuButton.getByTestId("avatar-image")).toHaveAttribute("src", /^\/media\//);
      await menuButton.click();
      await expect(page.getByTestId("profile-full-name")).toHaveText(name);
      await page.keyboard.press("Escape");

      // The theme is kept on the account and applied at once.
      const saved = page.waitForResponse((r) => r.url().includes("/api/Authentication/UpdateSelf") && r.status() === 200);
      // …and in the browser session, which the next page's theme sync reads: a reload before that update lands would
      // see the old theme (a reload within a moment of choosing: noted, not handled).
      const inSession = page.waitForResponse((r) => r.url().endsWith("/api/auth/session") && r.request().method() === "POST" && r.status() === 200);
      await page.getByRole("radio", { name: L.dark }).check();
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await saved;
      await inSession;
      await page.reload();
      await expect(page.getByRole("radio", { name: L.dark })).toBeChecked();
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await page.getByRole("radio", { name: L.light }).check();
      await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    });

    test("a user switches the language on the profile page and back", async ({ page, request }) => {
      const { username } = await newAccount(request);
      await signInAs(page, username, PASSWORD, L.prefix);
      await page.goto(`${L.prefix}/dashboard/profile-management#preferences`);
      const [to, back] = L.lang === "ar" ? (["en", "ar"] as const) : (["ar", "en"] as const);
      // The other language, then back: each choice lands on the profile page in that language (the locale cookie
      // follows, or an unprefixed English address would be sent back to /ar).
      for (const [next, prefix] of [[to, to === "ar" ? "/ar" : ""], [back, back === "ar" ? "/ar" : ""]] as const) {
        await expect(async () => {
          await page.getByTestId(`profile-language-${next}`).click({ timeout: 2000 });
          await expect(page).toHaveURL(new RegExp(`:\\d+${prefix}/dashboard/profile-management#preferences$`), { timeout: 4000 });
        }).toPass();
        await expect(page.locator("html")).toHaveAttribute("lang", next);
        await expect(page.getByTestId(`profile-language-${next}`)).toBeChecked();
      }
    });

    test("a user changes their password: the old one no longer signs in, the new one does", async ({ page, request }) => {
      const { username } = await newAccount(request);
      await signInAs(page, username, PASSWORD, L.prefix);
      await page.goto(`${L.prefix}/dashboard/profile-management#password`);
      const form = page.getByTestId("profile-password-form");
      await form.getByLabel(L.current, { exact: true }).fill("Wrong#Pass0");
      await form.getByLabel(L.newPassword, { exact: true }).fill(NEW_PASSWORD);
      await form.getByLabel(L.confirm, { exact: true }).fill(NEW_PASSWORD);
      await form.getByRole("button", { name: L.change }).click();
      await expect(form.locator("#profile-current-password-error")).toHaveText(L.wrong);
      await form.getByLabel(L.current, { exact: true }).fill(PASSWORD);
      await form.getByRole("button", { name: L.change }).click();
      await expect(page.getByTestId("profile-password-notice")).toHaveText(L.changed);
      expect(await loginStatus(request, username, PASSWORD)).toBe(401);
      expect(await loginStatus(request, username, NEW_PASSWORD)).toBe(200);
      // This device stays signed in.
      await page.reload();
      await expect(page.getByTestId("profile-page")).toBeVisible();
    });

    test("a user changes their e-mail: the password is asked for, and the address changes from the link mailed to it", async ({ page, request }) => {
      const { username } = await newAccount(request);
      const oldEmail = `${username.toLowerCase()}@example.com`;
      const newEmail = `${username.toLowerCase()}.moved@example.com`;
      await signInAs(page, username, PASSWORD, L.prefix);
      await page.goto(`${L.prefix}/dashboard/profile-management`);
      const form = page.getByTestId("profile-details-form");
      await expect(form.locator("#profile-email")).toHaveValue(oldEmail);
      await expect(form.locator("#profile-email-password")).toHaveCount(0);
      await form.locator("#profile-email").fill(newEmail);
      const password = form.getByLabel(L.current, { exact: true });
      await expect(password).toBeVisible();
      await noSideways(page);
      await form.getByRole("button", { name: L.save }).click();
      await expect(form.locator("#profile-email-password-error")).toHaveText(L.passwordRequired);
      await password.fill(PASSWORD);
      await form.getByRole("button", { name: L.save }).click();
      await expect(page.getByTestId("profile-details-notice")).toHaveText(L.confirmSent);
      // Nothing changes until the link is opened.
      await expect(form.locator("#profile-email")).toHaveValue(oldEmail);

      let link = "";
      await expect
        .poll(async () => {
          const res = await request.get(`/api/test/outbox?to=${encodeURIComponent(newEmail)}`);
          const body = (await res.json()) as { data?: Array<{ text: string }> };
          link = body.data?.map((m) => /https?:\/\/\S+\/auth\/confirm-email-change\?token=\S+/.exec(m.text)?.[0]).find(Boolean) ?? "";
          return link !== "";
        }, { message: `a confirmation mail to ${newEmail}` })
        .toBe(true);
      const url = new URL(link);
      await page.goto(`${url.pathname}${url.search}`);
      await expect(page.getByTestId("confirm-email-success")).toContainText(L.emailChanged);
      await expect(page.getByTestId("confirm-email-success")).toContainText(newEmail);
      await page.goto(`${L.prefix}/dashboard/profile-management`);
      await expect(page.getByTestId("profile-details-form").locator("#profile-email")).toHaveValue(newEmail);
    });

    test("a user sees two sessions, signs the other out, then everywhere else", async ({ page, request, browser }) => {
      const { username } = await newAccount(request);
      await signInAs(page, username, PASSWORD, L.prefix);
      const other = await browser.newContext({ userAgent: FIREFOX_WINDOWS, baseURL: test.info().project.use.baseURL });
      const otherPage = await other.newPage();
      await signInAs(otherPage, username, PASSWORD, L.prefix);
      await other.close();

      await page.goto(`${L.prefix}/dashboard/profile-management#sessions`);
      const rows = page.getByTestId("session-row");
      await expect(rows).toHaveCount(2);
      await expect(rows.first().getByTestId("session-current")).toHaveText(L.thisDevice);
      await expect(rows.nth(1)).toContainText(L.firefox);
      await noSideways(page);
      await rows.nth(1).getByRole("button", { name: L.signOut }).click();
      await expect(rows).toHaveCount(1);
      await expect(page.getByTestId("sessions-only-here")).toHaveText(L.onlyHere);

      // Two more sign-ins through the API; "sign out everywhere else" asks first and ends both.
      for (let i = 0; i < 2; i++) expect(await loginStatus(request, username, PASSWORD)).toBe(200);
      await page.reload();
      await expect(rows).toHaveCount(3);
      await page.getByRole("button", { name: L.others }).click();
      await page.getByRole("dialog").getByRole("button", { name: L.confirmOthers }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first().getByTestId("session-current")).toBeVisible();
    });

    test("a user downloads their data, then deletes their account", async ({ page, request }) => {
      const { username, id } = await newAccount(request, 1);
      await signInAs(page, username, PASSWORD, L.prefix);
      await page.goto(`${L.prefix}/dashboard/profile-management#data`);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: L.download }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^manganova-data-${id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
      const data = JSON.parse(await readFile((await download.path())!, "utf8")) as { profile: { username: string }; sessions: unknown[] };
      expect(data.profile.username).toBe(username);
      expect(data.sessions.length).toBeGreaterThanOrEqual(1);

      // What happens to a writer's works is said before anything is deleted.
      await expect(page.getByTestId("profile-delete-works")).toContainText(L.works);
      await page.getByTestId("profile-delete-account").click();
      const dialog = page.getByTestId("delete-account-dialog");
      await dialog.getByLabel(L.deletePassword, { exact: true }).fill("Wrong#Pass0");
      await dialog.getByTestId("delete-account-confirm").click();
      await expect(dialog.locator("[data-field-error]")).toHaveText(L.wrong);
      await dialog.getByLabel(L.deletePassword, { exact: true }).fill(PASSWORD);
      await dialog.getByTestId("delete-account-confirm").click();
      await expect(page).toHaveURL(new RegExp(`:\\d+${L.prefix}/?$`));
      expect(await loginStatus(request, username, PASSWORD)).toBe(401);
    });
  });
}
