import { publishThroughApi, signInAs, skipEnglishOnPhone, TEST_PASSWORD, unique } from "./helpers";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";

/**
 * Premium pages by URL (issue 19, item 11), in English and Arabic: a subscriber reads a premium chapter whose page
 * images come with URLs signed for them; the same image URL, fetched without being signed in, works only until it
 * expires (the browser-test server signs for 20-25 s: MEDIA_URL_TTL_SECONDS in scripts/e2e-server.ts) and the plain
 * URL never does. The reader, still open after the expiry, fetches fresh URLs when a page's image fails and shows it.
 */

/** An accepted manga with one accepted premium chapter of three pages (premium for good). */
function premiumChapter(request: APIRequestContext): Promise<{ mangaId: number; chapterId: number }> {
  return publishThroughApi(request, {
    title: unique("Sealed "),
    description: "A manga the signed page URL browser test publishes.",
    genre: "Fantasy",
    cover: [40, 140, 180],
    chapter: { title: "Locked Room", fields: { isPremium: "true" }, pages: [[160, 60, 60], [60, 160, 60], [60, 60, 160]] },
  });
}

async function subscriber(request: APIRequestContext): Promise<string> {
  const username = unique("su_");
  const res = await request.post("/api/test/create-user", { data: { fullName: "Signed Reader", username, password: TEST_PASSWORD, role: 0 } });
  expect(res.status(), await res.text()).toBe(200);
  // PremiumPlus: no sponsored overlay over the pages.
  const granted = await request.post("/api/test/grant-subscription", { data: { username, type: 1, days: 30 } });
  expect(granted.status(), await granted.text()).toBe(200);
  return username;
}

/** The page's image once it has loaded: its URL (absolute) and the expiry it was signed with. */
async function loadedImage(page: Page, n: number): Promise<{ src: string; exp: number }> {
  const img = page.locator(`figure[data-page="${n}"] img`);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  const src = await img.evaluate((i: HTMLImageElement) => i.currentSrc);
  // The AVIF copy the reader offers first (the signature binds its width and format).
  expect(src).toMatch(/\/media\/[0-9a-f]{64}\?w=\d+&f=avif&u=\d+&exp=\d+&sig=[\w-]{22}$/);
  return { src, exp: Number(new URL(src).searchParams.get("exp")) };
}

for (const prefix of ["", "/ar"] as const) {
  const lang = prefix ? "Arabic" : "English";

  test(`${lang}: a subscriber reads a premium chapter by signed page URLs that stop working for others once expired`, async ({ page, request }) => {
    skipEnglishOnPhone(!prefix);
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
