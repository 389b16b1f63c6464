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

/** Signs in through the login form (in the page's language) and waits for the dashboard. */
export async function signIn(page: Page, who: keyof typeof DEMO, prefix = "") {
  const account = DEMO[who];
  await page.goto(`${prefix}/auth?type=login`);
  await page.locator("#login-username").fill(account.username);
  await page.locator("#login-password").fill(account.password);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/discovery$`));
}

export const isPhone = () => test.info().project.name === "phone";

export interface CatalogueItem { id: number; title: string; genres: string[]; chapterCount: number; favorites: number; coverImageUrl: string | null }
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
