import { expect, test, type Locator, type Page } from "./fixtures";
import { catalogue, isPhone } from "./helpers";

/**
 * The discovery page's advanced filters (issue 31, item 3): include and exclude genres and free or premium, kept in the
 * URL and rendered by the server (a reload, or the HTML alone, shows the same filtered page). English in the wide panel
 * at desktop width; Arabic in the sheet at phone width (docs/decisions/020).
 */

const summary = (page: Page) => page.locator("#results-summary");
const cards = (page: Page) => page.locator("main [data-manga-id]");
/** The filter chip of a genre in a fieldset ("Include genres" / "Exclude genres"): its label is the target. */
const chip = (scope: Locator, legend: string, genre: string) => scope.getByRole("group", { name: legend }).locator("label").filter({ hasText: new RegExp(`^${genre}$`) });

/**
 * The filter panel: beside the results at desktop width (English here); at phone width in the sheet that "Filters"
 * opens (Arabic here), retried until the page has hydrated.
 */
async function openFilters(page: Page, english: boolean): Promise<Locator> {
  if (english) return page.getByRole("complementary", { name: "Filters" });
  const open = page.getByTestId("filters-sheet-open");
  const panel = page.getByTestId("filters-sheet");
  await expect(async () => {
    await open.click();
    await expect(panel).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return panel;
}

const API_QUERY = "pageSize=20&Filters.Genres=Action&Filters.ExcludeGenres=Fantasy&Filters.IsPremium=false&Filters.MangaStatusTypes=1&Filters.ChapterStatusTypes=1";
const URL_QUERY = "genre=Action&exclude=Fantasy&access=free";

test("a visitor includes and excludes genres and keeps free manga; the URL carries it and the server renders it", async ({ page, request }) => {
  const expected = await catalogue(request, API_QUERY);
  expect(expected.totalDisplayRecords).toBeGreaterThan(0);
  const english = !isPhone();
  const prefix = english ? "" : "/ar";
  const t = english
    ? { include: "Include genres", exclude: "Exclude genres", action: "Action", fantasy: "Fantasy", access: "Access", free: "Free", apply: "Show results", removeFantasy: "Remove filter: Not Fantasy" }
    : { include: "تضمين التصنيفات", exclude: "استبعاد التصنيفات", action: "أكشن", fantasy: "فانتازيا", access: "الوصول", free: "مجاني", apply: "عرض النتائج", removeFantasy: "إزالة عامل التصفية: بدون فانتازيا" };

  await page.goto(`${prefix}/discovery`);
  const panel = await openFilters(page, english);
  await expect(panel).toBeVisible();
  if (!english) {
    const box = (await panel.boundingBox())!;
    // A sheet along the bottom edge, the screen's full width.
    expect(Math.round(box.width)).toBe(page.viewportSize()!.width);
    expect(Math.round(box.y + box.height)).toBe(page.viewportSize()!.height);
  }
  await chip(panel, t.include, t.action).click();
  await chip(panel, t.exclude, t.fantasy).click();
  await panel.getByRole("combobox", { name: t.access }).selectOption("free");
  await panel.getByRole("button", { name: t.apply }).click();

  await expect(page).toHaveURL(new RegExp(`${prefix}/discovery\\?${URL_QUERY}$`));
  if (!english) await expect(panel).toBeHidden();
  await expect(cards(page).first()).toHaveAttribute("data-manga-id", String(expected.items[0]!.id));
  await expect(summary(page)).toContainText(String(expected.totalDisplayRecords));
  await expect(page.getByRole("link", { name: t.removeFantasy })).toBeVisible();

  // The HTML itself has the filtered results and the panel's state.
  const html = await (await page.request.get(`${prefix}/discovery?${URL_QUERY}`)).text();
  expect(html).toContain(`data-manga-id="${expected.items[0]!.id}"`);
  expect(html).toMatch(/<input type="checkbox"[^>]* name="exclude" checked="" value="Fantasy"/);

  await page.reload();
  await expect(cards(page)).toHaveCount(expected.items.length);
  await expect(cards(page).first()).toHaveAttribute("data-manga-id", String(expected.items[0]!.id));
  if (english) {
    await expect(panel.getByRole("group", { name: t.include }).getByRole("checkbox", { name: t.action })).toBeChecked();
    await expect(panel.getByRole("combobox", { name: t.access })).toHaveValue("free");
    // Removing one filter is a link to the URL without it.
    await page.getByRole("link", { name: t.removeFantasy }).click();
    await expect(page).toHaveURL(/\/discovery\?genre=Action&access=free$/);
    const withFantasy = await catalogue(request, API_QUERY.replace("&Filters.ExcludeGenres=Fantasy", ""));
    await expect(summary(page)).toContainText(String(withFantasy.totalDisplayRecords));
    await expect(panel.getByRole("group", { name: t.exclude }).getByRole("checkbox", { name: t.fantasy })).not.toBeChecked();
  } else {
    await expect(page.getByTestId("filters-sheet-open")).toHaveText("تصفية (3)");
  }
});

test("a visitor keeps completed series: status= in the URL, rendered by the server, kept when the order changes", async ({ page, request }) => {
  const query = "pageSize=20&Filters.PublicationStatuses=completed&Filters.MangaStatusTypes=1&Filters.ChapterStatusTypes=1";
  const expected = await catalogue(request, query);
  const everything = await catalogue(request, "pageSize=20&Filters.MangaStatusTypes=1&Filters.ChapterStatusTypes=1");
  expect(expected.totalDisplayRecords).toBeGreaterThan(0);
  expect(expected.totalDisplayRecords).toBeLessThan(everything.totalDisplayRecords);
  expect(expected.items.every((m) => m.publicationStatus === "completed")).toBe(true);
  const english = !isPhone();
  const prefix = english ? "" : "/ar";
  const t = english
    ? { status: "Publication status", completed: "Completed", apply: "Show results", remove: "Remove filter: Completed", sort: "Sort by", clear: "Clear all" }
    : { status: "حالة النشر", completed: "مكتملة", apply: "عرض النتائج", remove: "إزالة عامل التصفية: مكتملة", sort: "ترتيب حسب", clear: "مسح الكل" };

  await page.goto(`${prefix}/discovery`);
  const panel = await openFilters(page, english);
  const select = panel.getByRole("combobox", { name: t.status });
  await expect(select).toHaveValue("");
  await select.selectOption({ label: t.completed });
  await panel.getByRole("button", { name: t.apply }).click();

  await expect(page).toHaveURL(new RegExp(`${prefix}/discovery\\?status=completed$`));
  await expect(cards(page).first()).toHaveAttribute("data-manga-id", String(expected.items[0]!.id));
  await expect(cards(page)).toHaveCount(expected.items.length);
  await expect(summary(page)).toContainText(String(expected.totalDisplayRecords));
  await expect(page.getByRole("link", { name: t.remove })).toBeVisible();

  // The HTML itself: the filtered results and the select's choice.
  const html = await (await page.request.get(`${prefix}/discovery?status=completed`)).text();
  expect(html).toContain(`data-manga-id="${expected.items[0]!.id}"`);
  expect(html).toMatch(/<option[^>]* value="completed"[^>]* selected=""|<option[^>]* selected=""[^>]* value="completed"/);
  for (const other of everything.items.filter((m) => m.publicationStatus !== "completed")) expect(html).not.toContain(`data-manga-id="${other.id}"`);

  await page.reload();
  await expect(cards(page)).toHaveCount(expected.items.length);
  await expect(cards(page).first()).toHaveAttribute("data-manga-id", String(expected.items[0]!.id));

  // A new order is read through the API in the browser, with the filter.
  const byTitle = await catalogue(request, `${query}&sortBy=1`);
  await page.getByRole("combobox", { name: t.sort }).selectOption("1");
  await expect(page).toHaveURL(new RegExp(`${prefix}/discovery\\?status=completed&sort=1$`));
  await expect(cards(page).first()).toHaveAttribute("data-manga-id", String(byTitle.items[0]!.id));
  await expect(cards(page)).toHaveCount(byTitle.items.length);

  // "Clear all" or the chip drops the filter and keeps the order chosen since the page loaded (the chips are the
  // server's links for the page as it loaded, without it).
  if (english) {
    await expect(panel.getByRole("combobox", { name: t.status })).toHaveValue("completed");
    await page.getByTestId("clear-filters").click();
    await expect(page).toHaveURL(/\/discovery\?sort=1$/);
    await expect(summary(page)).toContainText(String(everything.totalDisplayRecords));
    await expect(panel.getByRole("combobox", { name: t.status })).toHaveValue("");
  } else {
    await expect(page.getByTestId("filters-sheet-open")).toHaveText("تصفية (1)");
    await page.getByRole("link", { name: t.remove }).click();
    await expect(page).toHaveURL(/\/ar\/discovery\?sort=1$/);
    await expect(page.getByTestId("filters-sheet-open")).toHaveText("تصفية");
  }
});
