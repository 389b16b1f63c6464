import { photo } from "../fixtures/images";
import { DEMO } from "./helpers";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";

/**
 * Premium pages by URL (issue 19, item 11), in English and Arabic: a subscriber reads a premium chapter whose page
 * images come with URLs signed for them; the same image URL, fetched without being signed in, works only until it
 * expires (the browser-test server signs for 20-25 s: MEDIA_URL_TTL_SECONDS in scripts/e2e-server.ts) and the plain
 * URL never does. The reader, still open after the expiry, fetches fresh URLs when a page's image fails and shows it.
 */

const PASSWORD = "Strong#Pass1";
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function token(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post("/api/Authentication/Login", { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** An accepted manga with one accepted premium chapter of three pages (premium for good). */
async function premiumChapter(request: APIRequestContext): Promise<{ mangaId: number; chapterId: number }> {
  const writer = await token(request, DEMO.writer.username, DEMO.writer.password);
  const root = await token(request, DEMO.root.username, DEMO.root.password);
  const jpeg = async (colour: [number, number, number]) => new Blob([new Uint8Array(await photo({ width: 600, height: 900, colour, grain: 8 }))], { type: "image/jpeg" });
  const manga = new FormData();
  manga.set("title", unique("Sealed "));
  manga.set("description", "A manga the signed page URL browser test publishes.");
  manga.append("genres", "Fantasy");
  manga.set("coverImage", await jpeg([40, 140, 180]), "cover.jpg");
  const m = await request.post("/api/manga/SubmitManga", { headers: { authorization: `Bearer ${writer}` }, multipart: manga });
  expect(m.status(), await m.text()).toBe(200);
  const mangaId = ((await m.json()) as { data: { id: number } }).data.id;
  const form = new FormData();
  form.set("mangaId", String(mangaId));
  form.set("title", "Locked Room");
  form.set("isPremium", "true");
  for (const [i, colour] of ([[160, 60, 60], [60, 160, 60], [60, 60, 160]] as const).entries()) form.append("pages", await jpeg([...colour]), `p${i + 1}.jpg`);
  const c = await request.post("/api/chapter/SubmitChapter", { headers: { authorization: `Bearer ${writer}` }, multipart: form });
  expect(c.status(), await c.text()).toBe(200);
  const chapterId = ((await c.json()) as { data: { id: number } }).data.id;
  const auth = { authorization: `Bearer ${root}` };
  expect((await request.post("/api/manga/StatusManga", { headers: auth, data: { mangaId, status: 1 } })).status()).toBe(200);
  expect((await request.post("/api/chapter/StatusChapter", { headers: auth, data: { chapterId, status: 1 } })).status()).toBe(200);
  return { mangaId, chapterId };
}

async function subscriber(request: APIRequestContext): Promise<string> {
  const username = unique("su_");
  const res = await request.post("/api/test/create-user", { data: { fullName: "Signed Reader", username, password: PASSWORD, role: 0 } });
  expect(res.status(), await res.text()).toBe(200);
  // PremiumPlus: no sponsored overlay over the pages.
  const granted = await request.post("/api/test/grant-subscription", { data: { username, type: 1, days: 30 } });
  expect(granted.status(), await granted.text()).toBe(200);
  return username;
}

async function signInAs(page: Page, username: string, prefix: string) {
  await page.goto(`${prefix}/auth?type=login`);
  await page.locator("#login-username").fill(username);
  await page.locator("#login-password").fill(PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/discovery$`));
}

/** The page's image once it has loaded: its URL (absolute) and the expiry it was signed with. */
async function loadedImage(page: Page, n: number): Promise<{ src: string; exp: number }> {
  const img = page.locator(`figure[data-page="${n}"] img`);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  const src = await img.evaluate((i: HTMLImageElement) => i.currentSrc);
  expect(src).toMatch(/\/media\/[0-9a-f]{64}\?u=\d+&exp=\d+&sig=[\w-]{22}$/);
  return { src, exp: Number(new URL(src).searchParams.get("exp")) };
}

for (const prefix of ["", "/ar"] as const) {
  const lang = prefix ? "Arabic" : "English";

  test(`${lang}: a subscriber reads a premium chapter by signed page URLs that stop working for others once expired`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { mangaId, chapterId } = await premiumChapter(request);
    await signInAs(page, await subscriber(request), prefix);
    await page.goto(`${prefix}/manga-reader/${mangaId}/${chapterId}`);
    await expect(page.getByTestId("reader")).toBeVisible();
    await expect(page.getByTestId("premium-lock")).toHaveCount(0);
    const first = await loadedImage(page, 1);

    // `request` carries no session: the signed URL is a bearer link until it expires; the plain URL is refused.
    const shared = await request.get(first.src);
    expect(shared.status()).toBe(200);
    expect(shared.headers()["cache-control"]).toMatch(/^private, max-age=\d+$/);
    const plain = await request.get(first.src.split("?")[0]!);
    expect(plain.status()).toBe(403);
    expect(plain.headers()["cache-control"]).toBe("private, no-store");
    expect(((await plain.json()) as { statusCode: number }).statusCode).toBe(403);

    // After the expiry the same link fails.
    await expect.poll(async () => (await request.get(first.src)).status(), { timeout: 45_000, intervals: [1000] }).toBe(403);
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(first.exp - 1);

    // The reader is still open with URLs of the old expiry (page 3's came with the page): turning to it, the image
    // fails, the reader fetches the pages again and shows it by a fresh URL.
    await page.getByTestId("next-page").click();
    await expect(page.locator('figure[data-page="2"]')).toBeVisible();
    await page.getByTestId("next-page").click();
    await expect(page.locator('figure[data-page="3"]')).toBeVisible();
    const third = await loadedImage(page, 3);
    expect(third.exp).toBeGreaterThan(first.exp);
    await expect(page.locator('figure[data-page="3"] [role="alert"]')).toHaveCount(0);
  });
}
