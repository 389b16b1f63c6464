import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { DEMO, signIn, skipEnglishOnPhoneInBlock } from "./helpers";

/**
 * Issue 15's site-settings screen: root edits the landing hero in English and Arabic and sees each on `/` and `/ar`,
 * changes the discovery page's featured manga with the search picker (keyboard), and uploads a banner through the
 * 8:3 crop dialog; a writer gets the 403 view. English and Arabic, desktop and phone.
 *
 * The settings are one per site, and the desktop and phone projects run at once: every test that saves holds a lock
 * (a directory, per server port) and puts the seeded values back before letting go, so other specs reading the
 * landing page (its "Explore the catalogue" link, the featured banner) see the seed.
 */
test.describe.configure({ timeout: 180_000 });

const LOCK = join(tmpdir(), `site-settings-e2e-${process.env.E2E_PORT || 3100}.lock`);

async function withSettingsLock<T>(fn: () => Promise<T>): Promise<T> {
  await expect
    .poll(
      () => {
        try {
          mkdirSync(LOCK);
          return true;
        } catch {
          // A lock left by a test process that died is taken over after two minutes.
          try {
            if (Date.now() - statSync(LOCK).mtimeMs > 120_000) rmSync(LOCK, { recursive: true, force: true });
          } catch {
            /* gone meanwhile */
          }
          return false;
        }
      },
      { timeout: 150_000, intervals: [250] },
    )
    .toBe(true);
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

async function rootToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/Authentication/Login", { data: { username: DEMO.root.username, password: DEMO.root.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

type Texts = { title: string; description: string; cta: string };
interface Landing { translations: { en: Texts; ar: Texts }; manga: { id: number; title: string } | null; bannerUrl: string | null }
interface Discovery { manga: { id: number; title: string } | null; bannerUrl: string | null }

async function read<T>(request: APIRequestContext, which: "GetLandingPageSettings" | "GetDiscoveryPageSettings"): Promise<T> {
  const res = await request.get(`/api/SiteSettings/${which}?imageFormat=url`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Puts the settings back as they were (texts, featured manga; a banner is put back only by its bytes). */
async function restore(request: APIRequestContext, landing: Landing | null, discovery: Discovery | null, banners: { landing?: Buffer; discovery?: Buffer } = {}) {
  const headers = { Authorization: `Bearer ${await rootToken(request)}` };
  if (landing) {
    const { en, ar } = landing.translations;
    const data: Record<string, unknown> = { title: { en: en.title, ar: ar.title }, description: { en: en.description, ar: ar.description }, cta: { en: en.cta, ar: ar.cta }, mangaId: landing.manga?.id ?? null };
    if (banners.landing) data.banner = banners.landing.toString("base64");
    expect((await request.post("/api/SiteSettings/SaveLandingPageSettings", { headers, data })).status()).toBe(200);
  }
  if (discovery) {
    const data: Record<string, unknown> = { mangaId: discovery.manga?.id ?? null };
    if (banners.discovery) data.banner = banners.discovery.toString("base64");
    expect((await request.post("/api/SiteSettings/SaveDiscoveryPage", { headers, data })).status()).toBe(200);
  }
}

async function bytesOf(request: APIRequestContext, url: string | null): Promise<Buffer | undefined> {
  if (!url) return undefined;
  return Buffer.from(await (await request.get(url)).body());
}

const LANGS = [
  { lang: "en", prefix: "", tab: { landing: "Landing page", discovery: "Discovery page" }, save: "Save", saved: "The landing page is saved.", savedDiscovery: "The discovery page is saved.", unsaved: "Unsaved changes", allSaved: "All changes saved", search: "Search accepted manga", forbidden: "403", crop: "Crop the banner", useCrop: "Use this crop", choose: /Choose an image|Replace the banner/, tooLong: "At most 120 characters." },
  { lang: "ar", prefix: "/ar", tab: { landing: "الصفحة الرئيسية", discovery: "صفحة الاستكشاف" }, save: "حفظ", saved: "تم حفظ الصفحة الرئيسية.", savedDiscovery: "تم حفظ صفحة الاستكشاف.", unsaved: "تغييرات غير محفوظة", allSaved: "كل التغييرات محفوظة", search: "ابحث في المانجا المقبولة", forbidden: "403", crop: "قص اللافتة", useCrop: "استخدم هذا القص", choose: /اختر صورة|استبدل اللافتة/, tooLong: "120 حرفًا على الأكثر." },
] as const;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function openSettings(page: Page, prefix: string) {
  await signIn(page, "root", prefix);
  await page.goto(`${prefix}/dashboard/site-settings`);
  await expect(page.getByTestId("landing-editor")).toBeVisible();
}

for (const L of LANGS) {
  test.describe(`site settings (${L.lang})`, () => {
    skipEnglishOnPhoneInBlock(L.lang === "en");
    test("root edits the landing hero in English and Arabic and each language's page shows its own", async ({ page, request }) => {
      await withSettingsLock(async () => {
        const before = await read<Landing>(request, "GetLandingPageSettings");
        try {
          await openSettings(page, L.prefix);
          const editor = page.getByTestId("landing-editor");
          await expect(editor.getByTestId("landing-dirty")).toHaveText(L.allSaved);
          const id = unique();
          const en = { title: `Night market ${id}`, description: `Stories that glow ${id}.` };
          const ar = { title: `سوق الليل ${id}`, description: `قصص تتوهج ${id}.` };

          // The shared schema refuses a title over 120 characters before anything is sent.
          const enTitle = page.locator("#settings-landing-title-en");
          await enTitle.fill("x".repeat(121));
          await expect(page.locator("#settings-landing-title-en-error")).toHaveText(L.tooLong);
          await expect(enTitle).toHaveAttribute("aria-invalid", "true");

          await enTitle.fill(en.title);
          await page.locator("#settings-landing-description-en").fill(en.description);
          await page.locator("#settings-landing-title-ar").fill(ar.title);
          await page.locator("#settings-landing-description-ar").fill(ar.description);
          await expect(editor.getByTestId("landing-dirty")).toHaveText(L.unsaved);

          // The live preview follows the form, in the chosen language (Arabic right to left).
          const preview = page.getByTestId("landing-preview");
          await preview.getByTestId("preview-lang-en").click();
          await expect(preview.getByTestId("preview-hero")).toContainText(en.title);
          await preview.getByTestId("preview-lang-ar").click();
          await expect(page.getByTestId("landing-preview-frame")).toHaveAttribute("dir", "rtl");
          await expect(preview.getByTestId("preview-hero")).toContainText(ar.title);

          // Discard goes back to the saved texts.
          await editor.getByTestId("landing-discard").click();
          await expect(enTitle).toHaveValue(before.translations.en.title);
          await expect(editor.getByTestId("landing-dirty")).toHaveText(L.allSaved);

          await enTitle.fill(en.title);
          await page.locator("#settings-landing-description-en").fill(en.description);
          await page.locator("#settings-landing-title-ar").fill(ar.title);
          await page.locator("#settings-landing-description-ar").fill(ar.description);
          await editor.getByTestId("landing-save").click();
          await expect(page.getByRole("alert").filter({ hasText: L.saved })).toBeVisible();
          await expect(editor.getByTestId("landing-dirty")).toHaveText(L.allSaved);

          // At once on both languages' landing pages, each with its own texts. (Signed in in Arabic, the language
          // cookie would send "/" on to "/ar".)
          await page.context().clearCookies({ name: "NEXT_LOCALE" });
          await page.goto("/");
          await expect(page.getByRole("heading", { level: 1, name: en.title })).toBeVisible();
          await expect(page.getByText(en.description)).toBeVisible();
          await page.goto("/ar");
          await expect(page.getByRole("heading", { level: 1, name: ar.title })).toBeVisible();
          await expect(page.getByText(ar.description)).toBeVisible();
          await expect(page.getByText(en.title)).toHaveCount(0);
        } finally {
          await restore(request, before, null);
        }
      });
    });

    test("another featured manga on the landing page shows its own cover, not the previous manga's banner (issue 31, 6a)", async ({ page, request }) => {
      await withSettingsLock(async () => {
        const before = await read<Landing>(request, "GetLandingPageSettings");
        const oldBanner = await bytesOf(request, before.bannerUrl);
        try {
          // A banner of the current featured manga to start from.
          const art = await sharp({ create: { width: 1600, height: 600, channels: 3, background: { r: 200, g: 30, b: 60 } } }).jpeg().toBuffer();
          const start = before.manga ?? { id: 0, title: "" };
          await restore(request, before, null, { landing: art });
          const withBanner = await read<Landing>(request, "GetLandingPageSettings");
          expect(withBanner.bannerUrl).toBeTruthy();

          await openSettings(page, L.prefix);
          const editor = page.getByTestId("landing-editor");
          const picker = editor.getByRole("combobox", { name: L.search });
          const target = start.title === "Moonlit Apothecary" ? "Orbit Zero" : "Moonlit Apothecary";
          await picker.fill(target.slice(0, 6));
          const option = editor.getByRole("option", { name: target });
          await expect(option).toBeVisible();
          await option.click();
          await expect(editor.getByTestId("settings-landing-manga-chosen")).toContainText(target);
          // The editor says the saved banner goes with the previous manga, and neither it nor the preview shows it.
          await expect(editor.getByTestId("settings-landing-banner-dropped")).toBeVisible();
          await expect(editor.getByTestId("settings-landing-banner-image").locator("img")).toHaveCount(0);
          const previewImage = page.getByTestId("landing-preview").getByTestId("preview-banner").locator("img");
          await expect(previewImage).not.toHaveAttribute("src", new RegExp(withBanner.bannerUrl!.split("/").pop()!));

          await editor.getByTestId("landing-save").click();
          await expect(page.getByRole("alert").filter({ hasText: L.saved })).toBeVisible();
          const after = await read<Landing & { manga: { coverImageUrl: string | null } | null }>(request, "GetLandingPageSettings");
          expect(after).toMatchObject({ bannerUrl: null, manga: { title: target } });
          const cover = after.manga!.coverImageUrl!.split("/").pop()!;

          await page.context().clearCookies({ name: "NEXT_LOCALE" });
          for (const prefix of ["", "/ar"]) {
            await page.goto(prefix || "/");
            await expect(page.locator("#featured-title")).toHaveText(target);
            const image = page.locator('section[aria-labelledby="featured-title"] img');
            await expect(image).toHaveAttribute("src", new RegExp(cover));
          }
        } finally {
          await restore(request, before, null, { landing: oldBanner });
        }
      });
    });

    test("root features another manga on the discovery page with the search picker and uploads a cropped banner", async ({ page, request }) => {
      await withSettingsLock(async () => {
        const before = await read<Discovery>(request, "GetDiscoveryPageSettings");
        const oldBanner = await bytesOf(request, before.bannerUrl);
        try {
          await openSettings(page, L.prefix);
          await page.getByRole("tab", { name: L.tab.discovery }).click();
          await expect(page).toHaveURL(/tab=discovery/);
          const editor = page.getByTestId("discovery-editor");
          await expect(editor).toBeVisible();

          // The picker: type, wait for the debounced results, choose with the keyboard.
          const picker = editor.getByRole("combobox", { name: L.search });
          const target = before.manga?.title === "Moonlit Apothecary" ? "Orbit Zero" : "Moonlit Apothecary";
          await picker.fill(target.slice(0, 6));
          const option = editor.getByRole("option", { name: target });
          await expect(option).toBeVisible();
          await expect(picker).toHaveAttribute("aria-expanded", "true");
          while ((await option.getAttribute("aria-selected")) !== "true") await picker.press("ArrowDown");
          await picker.press("Enter");
          await expect(editor.getByTestId("settings-discovery-manga-chosen")).toContainText(target);
          await expect(page.getByTestId("discovery-preview").getByTestId("preview-banner")).toContainText(target);

          // A banner through the crop dialog: drag, arrow keys and the zoom slider, then the 8:3 JPEG export.
          const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
          await editor.locator("#settings-discovery-banner").setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: image });
          const dialog = page.getByRole("dialog", { name: L.crop });
          await expect(dialog).toBeVisible();
          const frame = dialog.getByTestId("banner-crop-frame");
          await expect(frame.locator("img")).toHaveJSProperty("complete", true);
          await expect(frame).toBeFocused();
          // The band a 360 px phone shows (the middle ~37 % of the banner's width), centred between dashed lines.
          const band = (await frame.getByTestId("banner-phone-band").boundingBox())!;
          const whole = (await frame.boundingBox())!;
          expect(band.width / whole.width).toBeCloseTo(0.366, 1);
          expect(Math.abs(band.x + band.width / 2 - (whole.x + whole.width / 2))).toBeLessThan(2);
          await frame.press("ArrowDown");
          await frame.press("Shift+ArrowUp");
          await dialog.getByTestId("banner-zoom").fill("1.5");
          const box = (await frame.boundingBox())!;
          await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
          await page.mouse.down();
          await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2 + 10, { steps: 4 });
          await page.mouse.up();
          await dialog.getByRole("button", { name: L.useCrop }).click();
          await expect(dialog).toBeHidden();
          await expect(editor.getByTestId("settings-discovery-banner-image").locator("img")).toHaveAttribute("src", /^blob:/);
          await expect(page.getByTestId("discovery-preview").getByTestId("preview-banner").locator("img")).toHaveAttribute("src", /^blob:/);

          await editor.getByTestId("discovery-save").click();
          await expect(page.getByRole("alert").filter({ hasText: L.savedDiscovery })).toBeVisible();
          await expect(editor.getByTestId("discovery-dirty")).toHaveText(L.allSaved);

          const after = await read<Discovery>(request, "GetDiscoveryPageSettings");
          expect(after.manga?.title).toBe(target);
          expect(after.bannerUrl).not.toBe(before.bannerUrl);
          const stored = await sharp(await bytesOf(request, after.bannerUrl)).metadata();
          expect([stored.format, stored.width, stored.height]).toEqual(["jpeg", 1600, 600]);

          // The public discovery page shows it at once.
          await page.goto(`${L.prefix}/discovery`);
          await expect(page.locator("#featured-title")).toHaveText(target);
        } finally {
          await restore(request, null, before, { discovery: oldBanner });
        }
      });
    });

    test("a writer gets the 403 view", async ({ page }) => {
      await signIn(page, "writer", L.prefix);
      await page.goto(`${L.prefix}/dashboard/site-settings`);
      await expect(page.getByTestId("forbidden")).toBeVisible();
      await expect(page.getByTestId("landing-editor")).toHaveCount(0);
    });
  });
}
