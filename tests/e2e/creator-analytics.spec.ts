import { photo } from "../fixtures/images";
import { DEMO, isPhone, skipEnglishOnPhone } from "./helpers";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";

/**
 * Creator analytics (issue 16 §4), in English and Arabic, on desktop and phone. Each test makes its own writer and
 * publishes a manga with a three-page chapter through the API (root accepts), then three signed-in readers of its own
 * view the chapter and save their progress (one reaches the last page, two stop on page 2) and one adds the manga to
 * their favourites. The writer opens the manga's analytics on manga-management and finds the figures, the per-chapter
 * table, the drop-off page and the charts with their tables; switching to 90 days reads again.
 *
 * axe checks manga-management when it loads (the fixture) and again at the end with the dialog open and its tables
 * shown: the end state gets a URL of its own (a fragment) so the fixture's final check does not skip it as seen.
 */

const PASSWORD = "Strong#Pass1";
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const TEXT = {
  "": {
    open: (title: string) => `Analytics for ${title}`,
    heading: (title: string) => `Analytics: ${title}`,
    note: "signed-in readers only",
    days90: "Last 90 days",
    viewsHint30: "1 view in the last 30 days",
    viewsHint90: "1 view in the last 90 days",
    completion: "1 of 3 chapter reads by signed-in readers reached the last page",
    dropOff: /Page [2٢] \([2٢] readers\)/,
    showTable: "Show the numbers",
    close: "Close",
  },
  "/ar": {
    open: (title: string) => `الإحصاءات عن «${title}»`,
    heading: (title: string) => `الإحصاءات: ${title}`,
    note: "للقرّاء المسجّلين دخولهم فقط",
    days90: /آخر (90|٩٠) يومًا/,
    viewsHint30: /مشاهدة واحدة في آخر (30|٣٠) يومًا/,
    viewsHint90: /مشاهدة واحدة في آخر (90|٩٠) يومًا/,
    completion: /بلغ (1|١) من (3|٣) قراءات فصول/,
    dropOff: /الصفحة [2٢] \(قارئان\)/,
    showTable: "اعرض الأرقام",
    close: "إغلاق",
  },
} as const;

async function token(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post("/api/Authentication/Login", { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function newUser(request: APIRequestContext, prefix: string, role: 0 | 1): Promise<{ username: string; token: string }> {
  const username = unique(prefix);
  const res = await request.post("/api/test/create-user", { data: { fullName: "Analytics Test", username, password: PASSWORD, role } });
  expect(res.status(), await res.text()).toBe(200);
  return { username, token: await token(request, username, PASSWORD) };
}

/** A new writer's accepted manga with one accepted three-page chapter, read by three signed-in readers. */
async function world(request: APIRequestContext): Promise<{ writer: string; title: string; mangaId: number; chapterId: number }> {
  const writer = await newUser(request, "aw_", 1);
  const root = await token(request, DEMO.root.username, DEMO.root.password);
  const title = unique("Tide ");
  const jpeg = async (colour: [number, number, number], width = 600, height = 900) => new Blob([new Uint8Array(await photo({ width, height, colour, grain: 8 }))], { type: "image/jpeg" });
  const manga = new FormData();
  manga.set("title", title);
  manga.set("description", "A manga the analytics browser test publishes.");
  manga.append("genres", "Drama");
  manga.set("coverImage", await jpeg([40, 140, 180]), "cover.jpg");
  const m = await request.post("/api/manga/SubmitManga", { headers: { authorization: `Bearer ${writer.token}` }, multipart: manga });
  expect(m.status(), await m.text()).toBe(200);
  const mangaId = ((await m.json()) as { data: { id: number } }).data.id;
  const chapter = new FormData();
  chapter.set("mangaId", String(mangaId));
  chapter.set("title", "First Tide");
  for (const colour of [[60, 120, 160], [200, 200, 200], [160, 60, 90]] as const) chapter.append("pages", await jpeg([...colour]), "p.jpg");
  const c = await request.post("/api/chapter/SubmitChapter", { headers: { authorization: `Bearer ${writer.token}` }, multipart: chapter });
  expect(c.status(), await c.text()).toBe(200);
  const chapterId = ((await c.json()) as { data: { id: number } }).data.id;
  const asRoot = { authorization: `Bearer ${root}` };
  expect((await request.post("/api/manga/StatusManga", { headers: asRoot, data: { mangaId, status: 1 } })).status()).toBe(200);
  expect((await request.post("/api/chapter/StatusChapter", { headers: asRoot, data: { chapterId, status: 1 } })).status()).toBe(200);

  // Three readers: the first finishes (page 3 of 3) and adds a favourite, the others stop on page 2. Only the
  // first one's view is recorded, so the views differ from the readers (views also count visitors; progress does not).
  const pages = [3, 2, 2];
  for (const [i, pageNumber] of pages.entries()) {
    const reader = await newUser(request, "ar_", 0);
    const auth = { authorization: `Bearer ${reader.token}` };
    if (i === 0) {
      expect((await request.post("/api/chapter/RecordView", { headers: auth, data: { chapterId } })).status()).toBe(200);
      expect((await request.post("/api/manga/ToggleFavorite", { headers: auth, data: { mangaId } })).status()).toBe(200);
    }
    const saved = await request.post("/api/chapter/SaveProgress", { headers: auth, data: { chapterId, pageNumber } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return { writer: writer.username, title, mangaId, chapterId };
}

async function signInAs(page: Page, username: string, prefix: string) {
  await page.goto(`${prefix}/auth?type=login`);
  await page.locator("#login-username").fill(username);
  await page.locator("#login-password").fill(PASSWORD);
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/discovery$`));
}

for (const prefix of ["", "/ar"] as const) {
  const text = TEXT[prefix];
  const lang = prefix ? "Arabic" : "English";

  test(`${lang}: a writer opens a manga's analytics and finds views, favourites, completion and drop-off`, async ({ page, request }) => {
    skipEnglishOnPhone(!prefix);
    const w = await world(request);
    await signInAs(page, w.writer, prefix);
    await page.goto(`${prefix}/dashboard/manga-management`);
    const row = page.getByTestId(isPhone() ? "managed-card" : "managed-row").filter({ has: page.getByText(w.title, { exact: true }) });
    await expect(row).toHaveCount(1);

    // The dialog opens once the page has hydrated (retry the click until it does).
    const dialog = page.getByRole("dialog", { name: text.heading(w.title) });
    await expect(async () => {
      await row.getByRole("button", { name: text.open(w.title) }).click({ timeout: 2000 });
      await expect(dialog).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(page.locator("html")).toHaveAttribute("dir", prefix ? "rtl" : "ltr");

    // Summary figures.
    await expect(dialog.getByTestId("analytics-views-value")).toHaveAttribute("data-value", "1");
    await expect(dialog.getByTestId("analytics-views")).toContainText(text.viewsHint30);
    await expect(dialog.getByTestId("analytics-favorites-value")).toHaveAttribute("data-value", "1");
    await expect(dialog.getByTestId("analytics-completion-value")).toHaveAttribute("data-value", "1");
    await expect(dialog.getByTestId("analytics-completion")).toContainText(text.completion);
    await expect(dialog.getByTestId("analytics-signed-in-note")).toContainText(text.note);

    // The chapter's line: 1 view, 3 readers, 1 finished, 33.3 %, drop-off page 2 (2 readers).
    const line = dialog.getByTestId(isPhone() ? "analytics-chapter-card" : "analytics-chapter-row").filter({ has: page.getByText("First Tide") });
    await expect(line).toBeVisible();
    await expect(line.locator('[data-col="readers"]')).toHaveText(/^(3|٣)$/);
    await expect(line.locator('[data-col="completed"]')).toHaveText(/^(1|١)$/);
    await expect(line.locator('[data-col="dropOff"]')).toHaveText(text.dropOff);

    // The drop-off histogram's numbers: page 2 holds both readers who stopped.
    const dropOff = dialog.getByTestId("analytics-drop-off");
    await expect(dropOff.getByRole("combobox")).toHaveValue(String(w.chapterId));
    await dropOff.locator("summary").click();
    const histogram = dropOff.getByRole("table");
    await expect(histogram.getByRole("row")).toHaveCount(4); // header + 3 pages
    await expect(histogram.getByRole("row").nth(2).getByRole("cell")).toHaveText(/^(2|٢)$/);

    // The charts are drawn (recharts loaded with the dialog) and their numbers are a table too.
    await expect(dialog.getByTestId("chart-drawing")).toHaveCount(3);
    await expect(dialog.locator(".recharts-surface").first()).toBeVisible();
    const views = dialog.getByTestId(`chart-a${w.mangaId}-views`);
    await views.locator("summary").click();
    await expect(views.getByRole("table").getByRole("row")).toHaveCount(31);

    // 90 days: read again.
    await dialog.getByRole("button", { name: text.days90 }).click();
    await expect(dialog.getByTestId("analytics-views")).toContainText(text.viewsHint90);
    await expect(views.getByRole("table").getByRole("row")).toHaveCount(91);

    // Close and reopen: focus returns to the button; the figures are kept (and axe checks the open dialog at the end).
    await dialog.getByRole("button", { name: text.close }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole("button", { name: text.open(w.title) })).toBeFocused();
    await row.getByRole("button", { name: text.open(w.title) }).click();
    await expect(dialog.getByTestId("analytics-views-value")).toHaveAttribute("data-value", "1");
    await page.evaluate(() => history.replaceState(history.state, "", `${location.pathname}${location.search}#analytics`));
  });
}
