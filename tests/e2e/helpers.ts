import { photo } from "../fixtures/images";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";

/** Demo accounts of scripts/seed/accounts.ts that the browser tests sign in with. */
export const DEMO = {
  reader: { username: "reader", password: "Reader#Demo2025", fullName: "Alex Morgan" },
  writer: { username: "writer", password: "Writer#Demo2025", fullName: "Kenji Mori" },
  root: { username: "root", password: "Root#Demo2025", fullName: "Site Owner" },
  admin: { username: "admin", password: "Admin#Demo2025", fullName: "Amira Haddad" },
  staff: { username: "staff", password: "Staff#Demo2025", fullName: "Tom Becker" },
  qalam: { username: "qalam_studio", password: "Writer#Demo2025", fullName: "Layla Haddad" },
  omar: { username: "omar_k", password: "Reader#Demo2025", fullName: "Omar Khaled" },
} as const;

/**
 * How long a sign-in may take to reach the dashboard: the password check is slow on purpose, and on a 2-core CI machine
 * running two browsers, the server and the fault tests' processes it has taken over 10 s (the default wait).
 */
export const SIGN_IN_WAIT_MS = 20_000;

/** Signs in through the login form (in the page's language) and waits for the dashboard. */
export async function signIn(page: Page, who: keyof typeof DEMO, prefix = "") {
  const account = DEMO[who];
  await page.goto(`${prefix}/auth?type=login`);
  await page.locator("#login-username").fill(account.username);
  await page.locator("#login-password").fill(account.password);
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/discovery$`), { timeout: SIGN_IN_WAIT_MS });
}

export const isPhone = () => test.info().project.name === "phone";

/**
 * The suite's matrix (docs/decisions/020): a flow runs in both languages at desktop width and, at phone width, in
 * Arabic only (right to left, the direction that breaks first); the page-level specs open every page at both widths in
 * both languages. Called first in a flow's body (the test is then skipped at phone width in English).
 */
export function skipEnglishOnPhone(english: boolean) {
  test.skip(isPhone() && english, "at phone width this flow runs in Arabic (docs/decisions/020)");
}

/** skipEnglishOnPhone for every test of a describe block (called in the block). */
export function skipEnglishOnPhoneInBlock(english: boolean) {
  test.skip(({ isMobile }) => isMobile && english, "at phone width these flows run in Arabic (docs/decisions/020)");
}

export interface CatalogueItem { id: number; title: string; genres: string[]; chapterCount: number; publicationStatus: string; favorites: number; coverImageUrl: string | null; user: { username: string | null } }
export interface CataloguePage { items: CatalogueItem[]; totalRecords: number; totalDisplayRecords: number; totalPages: number }

/** A page of the public catalogue, as the API answers it. */
export async function catalogue(request: APIRequestContext, query: string): Promise<CataloguePage> {
  const res = await request.get(`/api/manga/PaginatedManga?imageFormat=url&${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: CataloguePage }).data;
}

/** Opens the public header's slide-out menu (phones), retrying until the page has hydrated. */
export async function openSiteMenu(page: Page, name: string | RegExp) {
  await expect(async () => {
    await page.getByRole("button", { name }).click({ timeout: 2000 });
    await expect(page.locator("#mobile-menu")).toBeInViewport({ timeout: 1000 });
  }).toPass();
}

/** The password of accounts the browser tests make for themselves (/api/test/create-user). */
export const TEST_PASSWORD = "Strong#Pass1";

/** A name no other test (or run) uses. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An access token from the API's sign-in. */
export async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post("/api/Authentication/Login", { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Signs in an account a test made (TEST_PASSWORD) through the login form and waits for the dashboard. */
export async function signInAs(page: Page, username: string, prefix = "") {
  await page.goto(`${prefix}/auth?type=login`);
  await page.locator("#login-username").fill(username);
  await page.locator("#login-password").fill(TEST_PASSWORD);
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/discovery$`), { timeout: SIGN_IN_WAIT_MS });
}

type Colour = readonly [number, number, number];

/** A JPEG of a flat colour with some grain, as an upload's file. */
export async function jpegBlob(colour: Colour, width = 600, height = 900): Promise<Blob> {
  return new Blob([new Uint8Array(await photo({ width, height, colour: [...colour], grain: 8 }))], { type: "image/jpeg" });
}

/**
 * A manga with one chapter of image pages, submitted through the API by the demo writer and accepted (with its chapter)
 * by root: what tests that need content of their own publish.
 */
export async function publishThroughApi(
  request: APIRequestContext,
  opts: {
    title: string;
    description: string;
    genre: string;
    cover: Colour;
    /** The manga's own fields (readingDirection: 0 right-to-left, the default; 1 left-to-right; 2 vertical). */
    fields?: Record<string, string>;
    /** Pages are 600×900 unless sized (a spread: wider than tall). */
    chapter: { title: string; pages: ReadonlyArray<Colour | { colour: Colour; width: number; height: number }>; fields?: Record<string, string> };
  },
): Promise<{ mangaId: number; chapterId: number }> {
  const writer = await apiToken(request, DEMO.writer.username, DEMO.writer.password);
  const root = await apiToken(request, DEMO.root.username, DEMO.root.password);
  const manga = new FormData();
  manga.set("title", opts.title);
  manga.set("description", opts.description);
  manga.append("genres", opts.genre);
  manga.set("coverImage", await jpegBlob(opts.cover), "cover.jpg");
  for (const [name, value] of Object.entries(opts.fields ?? {})) manga.set(name, value);
  const m = await request.post("/api/manga/SubmitManga", { headers: { authorization: `Bearer ${writer}` }, multipart: manga });
  expect(m.status(), await m.text()).toBe(200);
  const mangaId = ((await m.json()) as { data: { id: number } }).data.id;
  const chapter = new FormData();
  chapter.set("mangaId", String(mangaId));
  chapter.set("title", opts.chapter.title);
  for (const [name, value] of Object.entries(opts.chapter.fields ?? {})) chapter.set(name, value);
  for (const [i, page] of opts.chapter.pages.entries()) {
    const blob = "colour" in page ? await jpegBlob(page.colour, page.width, page.height) : await jpegBlob(page);
    chapter.append("pages", blob, `p${i + 1}.jpg`);
  }
  const c = await request.post("/api/chapter/SubmitChapter", { headers: { authorization: `Bearer ${writer}` }, multipart: chapter });
  expect(c.status(), await c.text()).toBe(200);
  const chapterId = ((await c.json()) as { data: { id: number } }).data.id;
  const auth = { authorization: `Bearer ${root}` };
  expect((await request.post("/api/manga/StatusManga", { headers: auth, data: { mangaId, status: 1 } })).status()).toBe(200);
  expect((await request.post("/api/chapter/StatusChapter", { headers: auth, data: { chapterId, status: 1 } })).status()).toBe(200);
  return { mangaId, chapterId };
}

/** The path and query of the newest mailed link to /auth/{kind} for an address. */
export async function mailedLink(request: APIRequestContext, to: string, kind: "verify-email" | "reset-password"): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+/auth/${kind}\\?token=[^\\s"'<>]+`);
  let link = "";
  await expect
    .poll(async () => {
      const res = await request.get(`/api/test/outbox?to=${encodeURIComponent(to)}`);
      const body = (await res.json()) as { data?: Array<{ text: string }> };
      for (const mail of body.data ?? []) {
        const match = pattern.exec(mail.text);
        if (match) {
          link = match[0];
          return true;
        }
      }
      return false;
    }, { message: `a ${kind} mail to ${to}` })
    .toBe(true);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
