import { photo } from "../fixtures/images";
import { DEMO, skipEnglishOnPhone } from "./helpers";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";

/**
 * Premium and continue reading (issue 16 §2, §5), in English and Arabic, on desktop and phone. Each test publishes
 * its own manga through the API (the demo writer submits, root accepts): a free chapter and a premium one with a
 * free date (a timed premium window), and makes its own reader. The reader sees the premium banner and dismisses it
 * (remembered), meets the lock in the chapter lists and the paywall card with the chapter's free date, is granted a
 * subscription (the test-only route standing in for root's UpdateUser) and reads; the premium page shows the plans and
 * their subscription; "Continue reading" leads back into a chapter they read.
 */

const PASSWORD = "Strong#Pass1";
const DAY = 86_400_000;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const TEXT = {
  "": {
    paywall: "Premium chapter",
    freeFrom: "Free for everyone from",
    plans: ["Premium", "PremiumPlus"],
    banner: "Go premium",
    continueTitle: "Continue reading",
    pageOf: "Page 1 of 2",
    none: "You have no active subscription.",
    active: "Active",
  },
  "/ar": {
    paywall: "فصل بريميوم",
    freeFrom: "متاح للجميع مجانًا بدءًا من",
    plans: ["بريميوم", "بريميوم بلس"],
    banner: "اشترك في بريميوم",
    continueTitle: "تابع القراءة",
    pageOf: "الصفحة 1 من 2",
    none: "ليس لديك اشتراك فعّال.",
    active: "فعّال",
  },
} as const;

async function token(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post("/api/Authentication/Login", { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** A manga with a free chapter and a premium chapter free from `freeAt`, both of two pages, accepted by root. */
async function premiumManga(request: APIRequestContext, freeAt: Date): Promise<{ mangaId: number; free: number; premium: number; title: string }> {
  const title = unique("Gilded ");
  const writer = await token(request, DEMO.writer.username, DEMO.writer.password);
  const root = await token(request, DEMO.root.username, DEMO.root.password);
  const jpeg = async (colour: [number, number, number], width = 600, height = 900) => new Blob([new Uint8Array(await photo({ width, height, colour, grain: 8 }))], { type: "image/jpeg" });
  const manga = new FormData();
  manga.set("title", title);
  manga.set("description", "A manga the premium browser test publishes.");
  manga.append("genres", "Fantasy");
  manga.set("coverImage", await jpeg([180, 140, 40]), "cover.jpg");
  const m = await request.post("/api/manga/SubmitManga", { headers: { authorization: `Bearer ${writer}` }, multipart: manga });
  expect(m.status(), await m.text()).toBe(200);
  const mangaId = ((await m.json()) as { data: { id: number } }).data.id;
  const chapter = async (name: string, premium: boolean) => {
    const form = new FormData();
    form.set("mangaId", String(mangaId));
    form.set("title", name);
    if (premium) {
      form.set("isPremium", "true");
      form.set("freeAt", freeAt.toISOString());
    }
    form.append("pages", await jpeg([60, 120, 160]), "p1.jpg");
    form.append("pages", await jpeg([200, 200, 200]), "p2.jpg");
    const c = await request.post("/api/chapter/SubmitChapter", { headers: { authorization: `Bearer ${writer}` }, multipart: form });
    expect(c.status(), await c.text()).toBe(200);
    const body = (await c.json()) as { data: { id: number; freeAt: string | null } };
    if (premium) expect(body.data.freeAt).toBe(freeAt.toISOString());
    return body.data.id;
  };
  const free = await chapter("Open Gate", false);
  const premium = await chapter("Golden Vault", true);
  const auth = { authorization: `Bearer ${root}` };
  expect((await request.post("/api/manga/StatusManga", { headers: auth, data: { mangaId, status: 1 } })).status()).toBe(200);
  for (const chapterId of [free, premium]) {
    expect((await request.post("/api/chapter/StatusChapter", { headers: auth, data: { chapterId, status: 1 } })).status()).toBe(200);
  }
  return { mangaId, free, premium, title };
}

async function newReader(request: APIRequestContext): Promise<string> {
  const username = unique("pr_");
  const res = await request.post("/api/test/create-user", { data: { fullName: "Premium Reader", username, password: PASSWORD, role: 0 } });
  expect(res.status(), await res.text()).toBe(200);
  return username;
}

async function signInAs(page: Page, username: string, prefix = "") {
  await page.goto(`${prefix}/auth?type=login`);
  await page.locator("#login-username").fill(username);
  await page.locator("#login-password").fill(PASSWORD);
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/discovery$`));
}

for (const prefix of ["", "/ar"] as const) {
  const text = TEXT[prefix];
  const lang = prefix ? "Arabic" : "English";

  test(`${lang}: banner, lock, paywall with the free date; a subscription opens the chapter; the premium page shows it`, async ({ page, request }) => {
    skipEnglishOnPhone(!prefix);
    const freeAt = new Date(Date.now() + 5 * DAY);
    const world = await premiumManga(request, freeAt);
    const username = await newReader(request);
    await signInAs(page, username, prefix);

    // The banner: shown without a subscription, leads to the premium page, dismissed for good (in this browser).
    const banner = page.getByTestId("premium-banner");
    await expect(banner).toContainText(text.banner);
    await expect(banner.getByRole("link")).toHaveAttribute("href", `${prefix}/dashboard/premium`);
    // A new reader has nothing to continue.
    await expect(page.getByTestId("continue-reading")).toHaveCount(0);
    await banner.getByTestId("premium-banner-dismiss").click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("premiumBanner.dismissed.")).length)).toBe(1);
    await page.reload();
    await expect(page.getByTestId("dashboard-title")).toBeVisible();
    await expect(page.getByTestId("premium-banner")).toHaveCount(0);

    // The lock in the preview's chapter list: the premium chapter only.
    await page.goto(`${prefix}/dashboard/discovery/manga/${world.mangaId}`);
    const rows = page.locator("#chapters-title + ol li");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByTestId("chapter-lock")).toHaveCount(0);
    await expect(rows.nth(1).getByTestId("chapter-lock")).toBeVisible();

    // The paywall card in the reader: what it is, the plans, the free date in the page's language.
    await page.goto(`${prefix}/manga-reader/${world.mangaId}/${world.premium}`);
    const card = page.getByTestId("premium-lock");
    await expect(card.getByRole("heading", { level: 1 })).toHaveText(text.paywall);
    const year = new Intl.DateTimeFormat(prefix ? "ar" : "en", { year: "numeric", timeZone: "UTC" }).format(freeAt);
    await expect(card.getByTestId("paywall-free-at")).toContainText(text.freeFrom);
    await expect(card.getByTestId("paywall-free-at")).toContainText(year);
    for (const [i, name] of text.plans.entries()) await expect(card.getByTestId(`plan-${i}`)).toContainText(name);
    await expect(card.getByRole("link", { name: text.paywall }).or(card.locator(`a[href="${prefix}/dashboard/premium"]`))).toBeVisible();
    await expect(page.getByTestId("reader")).toHaveCount(0);
    // The reader's chapter menu carries the lock too.
    await expect(async () => {
      await page.getByTestId("chapter-menu-button").click({ timeout: 2000 });
      await expect(page.getByTestId("chapter-lock")).toHaveCount(1, { timeout: 1000 });
    }).toPass();

    // The premium page without a subscription.
    await page.goto(`${prefix}/dashboard/premium`);
    await expect(page.getByTestId("subscription-none")).toContainText(text.none);
    await expect(page.getByTestId("coming-soon")).toBeVisible();
    await expect(page.locator("[data-testid=plan-current]")).toHaveCount(0);

    // Granted a subscription (Premium in English, PremiumPlus in Arabic), they read the chapter.
    const plan = prefix ? 1 : 0;
    const granted = await request.post("/api/test/grant-subscription", { data: { username, type: plan, days: 30 } });
    expect(granted.status(), await granted.text()).toBe(200);
    await page.goto(`${prefix}/manga-reader/${world.mangaId}/${world.premium}`);
    await expect(page.getByTestId("reader")).toBeVisible();
    await expect(page.getByTestId("premium-lock")).toHaveCount(0);

    await page.goto(`${prefix}/dashboard/premium`);
    const current = page.getByTestId("subscription-current");
    await expect(current).toHaveAttribute("data-plan", String(plan));
    await expect(current.getByTestId("subscription-plan")).toHaveText(text.plans[plan]!);
    await expect(current).toContainText(text.active);
    await expect(page.getByTestId(`plan-${plan}`).getByTestId("plan-current")).toBeVisible();
    await expect(page.getByTestId(`plan-${1 - plan}`).getByTestId("plan-current")).toHaveCount(0);
  });

  test(`${lang}: continue reading shows a chapter they read, with its page, and opens it`, async ({ page, request }) => {
    skipEnglishOnPhone(!prefix);
    const world = await premiumManga(request, new Date(Date.now() + 2 * DAY));
    const username = await newReader(request);
    const saved = await request.post("/api/chapter/SaveProgress", {
      headers: { authorization: `Bearer ${await token(request, username, PASSWORD)}` },
      data: { chapterId: world.free, pageNumber: 1 },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await signInAs(page, username, prefix);
    const section = page.getByTestId("continue-reading");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(text.continueTitle);
    const item = section.locator(`[data-chapter-id="${world.free}"]`);
    await expect(item).toContainText(world.title);
    await expect(item.getByTestId("continue-page")).toHaveText(text.pageOf);
    await item.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/manga-reader/${world.mangaId}/${world.free}$`));
    await expect(page.getByTestId("reader")).toBeVisible();
  });
}
