import { photo } from "../fixtures/images";
import { DEMO, isPhone, signIn, skipEnglishOnPhone } from "./helpers";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";

/**
 * The review side of publishing (issue 13, screens 4 and 5): root finds a writer's submission in the queue (state
 * filter, search), reviews its pages in the viewer, approves the manga and one chapter and rejects another with a
 * reason — with the keyboard shortcuts — and moves on; the writer sees the note on their submissions page; a visitor
 * finds the manga in discovery and reads the accepted chapter, while the rejected one stays hidden. In English and
 * Arabic, on desktop and phone. Each test submits its own manga through the API as the demo writer.
 */

const TEXT = {
  en: {
    search: "Search titles or authors",
    searchButton: "Search",
    states: { pending: "Pending", accepted: "Accepted", rejected: "Rejected", all: "All" },
    accepted: "Accepted",
    rejected: "Rejected",
    pending: "Pending",
    reasonRequired: "Give the writer a reason.",
    template: "Low image quality",
    pageOf: (n: number, c: number) => `Page ${n} of ${c}`,
    noteLabel: "Note from the review team",
  },
  ar: {
    search: "ابحث في العناوين أو أسماء الكتّاب",
    searchButton: "بحث",
    states: { pending: "قيد المراجعة", accepted: "مقبولة", rejected: "مرفوضة", all: "الكل" },
    accepted: "مقبول",
    rejected: "مرفوض",
    pending: "قيد المراجعة",
    reasonRequired: "اذكر للكاتب سبب الرفض.",
    template: "جودة الصور منخفضة",
    pageOf: (n: number, c: number) => `الصفحة ${n} من ${c}`,
    noteLabel: "ملاحظة فريق المراجعة",
  },
} as const;

async function token(request: APIRequestContext, who: keyof typeof DEMO): Promise<string> {
  const res = await request.post("/api/Authentication/Login", { data: { username: DEMO[who].username, password: DEMO[who].password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

const jpeg = (colour: [number, number, number], width = 600, height = 900) => photo({ width, height, colour, grain: 8 });

async function submitManga(request: APIRequestContext, bearer: string, title: string): Promise<number> {
  const form = new FormData();
  form.set("title", title);
  form.set("description", `A submission made by the review browser test (${title}).`);
  form.append("genres", "Adventure");
  form.append("genres", "Mystery");
  form.set("readingDirection", "1");
  form.set("coverImage", new Blob([new Uint8Array(await jpeg([40, 90, 160], 600, 900))], { type: "image/jpeg" }), "cover.jpg");
  const res = await request.post("/api/manga/SubmitManga", { headers: { authorization: `Bearer ${bearer}` }, multipart: form });
  expect(res.status(), await res.text()).toBe(200);
  const manga = ((await res.json()) as { data: { id: number; status: number } }).data;
  expect(manga.status).toBe(0);
  return manga.id;
}

async function submitChapter(request: APIRequestContext, bearer: string, mangaId: number, title: string, colours: [number, number, number][]): Promise<number> {
  const form = new FormData();
  form.set("mangaId", String(mangaId));
  form.set("title", title);
  for (const [i, colour] of colours.entries()) {
    form.append("pages", new Blob([new Uint8Array(await jpeg(colour))], { type: "image/jpeg" }), `page-${i + 1}.jpg`);
  }
  const res = await request.post("/api/chapter/SubmitChapter", { headers: { authorization: `Bearer ${bearer}` }, multipart: form });
  expect(res.status(), await res.text()).toBe(200);
  const chapter = ((await res.json()) as { data: { id: number; status: number; pageCount: number } }).data;
  expect(chapter).toMatchObject({ status: 0, pageCount: colours.length });
  return chapter.id;
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

const queueItem = (page: Page, mangaId: number) => page.locator(`[data-testid=queue-item][data-manga-id="${mangaId}"]`);

for (const lang of ["en", "ar"] as const) {
  const prefix = lang === "ar" ? "/ar" : "";
  const tx = TEXT[lang];

  test(`${lang}: root reviews a submission with the keyboard, the writer sees the note, a visitor reads the accepted chapter`, async ({ page, request }) => {
    skipEnglishOnPhone(lang === "en");
    test.slow();
    const tag = `${test.info().project.name}-${lang}-${Date.now().toString(36)}`;
    const title = `Lantern Review ${tag}`;
    const writer = await token(request, "writer");
    const mangaId = await submitManga(request, writer, title);
    const first = await submitChapter(request, writer, mangaId, "Harbour lights", [[200, 40, 40], [40, 200, 40], [40, 40, 200]]);
    const second = await submitChapter(request, writer, mangaId, "Blurry storm", [[120, 120, 120], [90, 90, 90]]);

    // Root: the queue opens on pending items; the search finds the submission and the filter counts follow it.
    await signIn(page, "root", prefix);
    await page.goto(`${prefix}/dashboard/manga-approval`);
    await expect(page.getByTestId("queue-state-pending")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("queue-item").first()).toBeVisible();
    await page.getByLabel(tx.search).fill(title);
    await page.getByRole("main").getByRole("button", { name: tx.searchButton, exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByTestId("queue-item")).toHaveCount(1);
    const item = queueItem(page, mangaId);
    await expect(item).toHaveAttribute("data-state", "pending");
    await expect(item.getByTestId("queue-chapter")).toHaveCount(2);
    await expect(page.getByTestId("queue-state-pending")).toContainText("1");
    await page.getByTestId("queue-state-accepted").click();
    await expect(page.getByTestId("queue-state-accepted")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("queue-empty")).toBeVisible();
    await page.getByTestId("queue-state-all").click();
    await expect(queueItem(page, mangaId)).toBeVisible();
    await queueItem(page, mangaId).getByTestId("queue-review").click();

    // The review page: details, the first pending chapter's pages in the viewer.
    await expect(page).toHaveURL(new RegExp(`/dashboard/manga-approval/${mangaId}`));
    await expect(page.getByTestId("review-title")).toHaveText(title);
    await expect(page.getByTestId("review-manga-status")).toHaveText(tx.pending);
    await expect(page.getByTestId("author-trusted")).toHaveAttribute("data-trusted", "false");
    // The details root decides on include the publication status (ongoing unless the writer chose another).
    await expect(page.locator("main dl").first()).toContainText(lang === "ar" ? "مستمرة" : "Ongoing");
    const viewer = page.getByTestId("page-viewer");
    await expect(page.getByTestId("review-pages")).toHaveAttribute("data-chapter-id", String(first));
    await expect(viewer.getByTestId("viewer-position")).toHaveText(tx.pageOf(1, 3));
    await expect(viewer.getByTestId("viewer-thumbnails").getByRole("button")).toHaveCount(3);
    await expect(viewer).toHaveAttribute("data-ready", "true");
    await page.keyboard.press("j");
    await expect(viewer.getByTestId("viewer-position")).toHaveText(tx.pageOf(2, 3));
    await page.keyboard.press(lang === "ar" ? "ArrowLeft" : "ArrowRight");
    await expect(viewer.getByTestId("viewer-position")).toHaveText(tx.pageOf(3, 3));
    await page.keyboard.press("k");
    await expect(viewer.getByTestId("viewer-position")).toHaveText(tx.pageOf(2, 3));
    await viewer.getByTestId("viewer-thumbnails").getByRole("button").first().click();
    await expect(viewer.getByTestId("viewer-position")).toHaveText(tx.pageOf(1, 3));
    await expect(viewer.getByTestId("viewer-image")).toHaveJSProperty("complete", true);

    // A approves the manga first (it is what A and R apply to while it is pending), with a note.
    await expect(page.getByTestId("shortcut-target")).toContainText(title);
    await page.keyboard.press("a");
    const dialog = page.getByTestId("decision-dialog");
    await expect(dialog).toHaveAttribute("data-mode", "approve");
    await dialog.getByTestId("decision-note").fill("Welcome aboard.");
    await dialog.getByTestId("decision-confirm").click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("review-manga-status")).toHaveText(tx.accepted);

    // Then the selected chapter: approved with A, and the page moves on to the other pending chapter.
    await expect(page.getByTestId("shortcut-target")).toContainText("Harbour lights");
    await page.keyboard.press("a");
    await expect(dialog).toHaveAttribute("data-mode", "approve");
    await dialog.getByTestId("decision-confirm").click();
    await expect(page).toHaveURL(new RegExp(`chapter=${second}`));
    await expect(page.getByTestId("review-pages")).toHaveAttribute("data-chapter-id", String(second));
    await expect(page.locator(`[data-testid=review-chapter][data-chapter-id="${first}"]`).getByTestId("review-chapter-status")).toHaveText(tx.accepted);

    // R rejects it: a reason is required; a template writes one, and the writer's own words follow.
    await expect(viewer.getByTestId("viewer-position")).toHaveText(tx.pageOf(1, 2));
    await page.keyboard.press("r");
    await expect(dialog).toHaveAttribute("data-mode", "reject");
    await dialog.getByTestId("decision-confirm").click();
    await expect(dialog.getByText(tx.reasonRequired)).toBeVisible();
    await dialog.getByRole("button", { name: tx.template }).click();
    await expect(dialog.getByRole("button", { name: tx.template })).toHaveAttribute("aria-pressed", "true");
    const note = dialog.getByTestId("decision-note");
    await note.press("End");
    await note.pressSequentially(" Page 2 is unreadable.");
    const reason = await note.inputValue();
    expect(reason).toContain("Page 2 is unreadable.");
    await dialog.getByTestId("decision-confirm").click();
    // Nothing is left to decide here: on to the next pending item of the queue, else the queue. Which one depends on
    // what the tests running beside this one decided or deleted meanwhile, so only the move itself is checked.
    await expect(page).not.toHaveURL(new RegExp(`/manga-approval/${mangaId}(\\?|$)`));
    await expect(page).toHaveURL(/\/dashboard\/manga-approval(\/\d+)?(\?|$)/);

    // The writer's submissions: the manga accepted, the rejected chapter with the reason.
    await signOut(page);
    await signIn(page, "writer", prefix);
    await page.goto(`${prefix}/dashboard/manga-approval?q=${encodeURIComponent(title)}`);
    const mine = queueItem(page, mangaId);
    await expect(mine.getByTestId("queue-item-status")).toHaveText(tx.accepted);
    const rejected = mine.locator(`[data-testid=queue-chapter][data-chapter-id="${second}"]`);
    await expect(rejected.getByTestId("queue-chapter-status")).toHaveText(tx.rejected);
    await expect(rejected.getByTestId("review-note")).toContainText(tx.noteLabel);
    await expect(rejected.getByTestId("review-note")).toContainText("Page 2 is unreadable.");
    await expect(rejected.getByTestId("review-note")).toContainText(reason.split("\n")[0]!.slice(0, 20));
    await expect(mine.getByTestId("review-note").first()).toContainText("Welcome aboard.");
    // The writer may view the review page read-only.
    await mine.getByTestId("queue-view").click();
    await expect(page.getByTestId("read-only-note")).toBeVisible();
    await expect(page.getByTestId("decision-bar-manga")).toHaveCount(0);

    // A visitor finds the manga in discovery and reads the accepted chapter; the rejected one is not there.
    await signOut(page);
    await page.goto(`${prefix}/discovery?search=${encodeURIComponent(title)}`);
    const card = page.getByRole("link", { name: new RegExp(title) }).first();
    await expect(card).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/discovery/manga/${mangaId}`));
    // The chapter's row (its "Save for offline" link names the chapter too).
    await expect(page.getByRole("link", { name: /Harbour lights/ }).and(page.locator(":not([data-testid=save-offline])"))).toBeVisible();
    await expect(page.getByText("Blurry storm")).toHaveCount(0);
    await page.goto(`${prefix}/manga-reader/${mangaId}/${first}`);
    await expect(page.getByTestId("reader")).toHaveAttribute("data-ready", "true");
    const hidden = await page.goto(`${prefix}/manga-reader/${mangaId}/${second}`);
    expect(hidden?.status()).toBe(404);
    if (isPhone()) expect(page.viewportSize()?.width).toBe(390);
  });
}

test("only root and the author may open a review page; others get a 404", async ({ page, request }) => {
  const writer = await token(request, "writer");
  const mangaId = await submitManga(request, writer, `Private Review ${test.info().project.name}-${Date.now().toString(36)}`);
  await signIn(page, "qalam");
  const res = await page.goto(`/dashboard/manga-approval/${mangaId}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Submission not found" })).toBeVisible();
  await signOut(page);
  await signIn(page, "reader");
  expect((await page.goto(`/dashboard/manga-approval/${mangaId}`))?.status()).toBe(404);
});

test("root deletes a chapter, then the whole submission, each after a confirmation", async ({ page, request }) => {
  const writer = await token(request, "writer");
  const title = `Doomed Review ${test.info().project.name}-${Date.now().toString(36)}`;
  const mangaId = await submitManga(request, writer, title);
  await submitChapter(request, writer, mangaId, "Stray pages", [[10, 10, 10]]);
  await signIn(page, "root");
  await page.goto(`/dashboard/manga-approval/${mangaId}`);
  await expect(page.getByTestId("review-chapter")).toHaveCount(1);
  await expect(page.getByTestId("page-viewer")).toHaveAttribute("data-ready", "true");

  // Escape cancels and hands focus back to the button; nothing is deleted.
  const deleteChapter = page.getByTestId("review-pages").getByTestId("delete");
  await deleteChapter.click();
  const dialog = page.getByTestId("decision-dialog");
  await expect(dialog).toHaveAttribute("data-mode", "delete");
  await expect(dialog).toContainText("Stray pages");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(deleteChapter).toBeFocused();
  await deleteChapter.click();
  await dialog.getByTestId("decision-confirm").click();
  await expect(page.getByTestId("review-chapter")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/manga-approval/${mangaId}$`));

  await page.getByTestId("decision-bar-manga").getByTestId("delete").click();
  await expect(dialog).toContainText(title);
  await dialog.getByTestId("decision-confirm").click();
  await expect(page).not.toHaveURL(new RegExp(`/manga-approval/${mangaId}(\\?|$)`));
  const root = await token(request, "root");
  expect((await request.get(`/api/manga/GetMangaById?id=${mangaId}`, { headers: { authorization: `Bearer ${root}` } })).status()).toBe(404);
});
