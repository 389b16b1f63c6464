import { expect, test } from "./fixtures";
import { signIn } from "./helpers";

/**
 * Issue 33, item 6 (ADR 026): status codes that mean what the page says. A dashboard page shown as "Access denied" to
 * a role that may not open it answers 403, and a page whose render fails inside a Suspense boundary (after its shell)
 * answers 500; neither is cached. What the visitor sees is unchanged.
 */
test.skip(({ isMobile }) => isMobile, "status codes: one viewport");

const LANGS = [
  { prefix: "", title: "Access denied", brand: "MangaNova", page: "/dashboard/site-settings" },
  { prefix: "/ar", title: "الوصول مرفوض", brand: "مانجا نوفا", page: "/dashboard/user-management" },
] as const;

test("a reader opening administrative pages gets the Access denied view with 403, uncached, in both languages", async ({ page }) => {
  await signIn(page, "reader");
  for (const L of LANGS) {
    const res = await page.goto(`${L.prefix}${L.page}`);
    expect(res?.status(), L.page).toBe(403);
    expect(res?.headers()["cache-control"]).toMatch(/\bno-store\b/);
    await expect(page.getByTestId("forbidden")).toBeVisible();
    await expect(page.getByTestId("forbidden").getByRole("heading", { name: L.title })).toBeVisible();
    await expect(page.getByTestId("dashboard-title")).toHaveText(L.title);
    await expect(page).toHaveTitle(`${L.title} | ${L.brand}`);
    await expect(page.locator("html")).toHaveAttribute("dir", L.prefix ? "rtl" : "ltr");
  }
  // A page the reader may open still answers 200.
  expect((await page.goto("/dashboard/premium"))?.status()).toBe(200);
  const overview = await page.goto("/dashboard/overview");
  expect(overview?.status()).toBe(403);
  await expect(page.getByTestId("forbidden")).toBeVisible();
});

test("a page whose render fails inside a Suspense boundary answers 500, uncached; the same page without the failure 200", async ({ request }) => {
  const failed = await request.get("/test/streamed-error");
  expect(failed.status()).toBe(500);
  expect(failed.headers()["cache-control"]).toMatch(/\bno-store\b/);
  expect(await failed.text()).toContain("shell part");
  const fine = await request.get("/test/streamed-error?ok=1");
  expect(fine.status()).toBe(200);
  expect(await fine.text()).toContain("streamed part");
});
