import { meanColour, photo } from "../fixtures/images";
import { paddedPdf } from "../fixtures/pdfs";
import { apiToken, DEMO, isPhone, publishThroughApi, signIn, skipEnglishOnPhone } from "./helpers";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";

/**
 * The writer's side of publishing (issue 13, screens 1, 2, 3 and 6): the demo writer creates a manga with a cover
 * (previewed as card and banner), uploads an image chapter after moving a page, and a PDF chapter whose upload shows
 * its progress (on a throttled connection) and then its processing, and finds the manga in manga-management. In
 * English and Arabic, on desktop and phone; every test makes its own manga with a unique title.
 */

const TEXT = {
  en: {
    genre: "Fantasy",
    direction: "Vertical (webtoon)",
    publicationStatus: "Publication status",
    completed: "Completed",
    create: "Create manga",
    pdfTab: "One PDF",
    upload: "Upload chapter",
    moveUp: (n: number) => `Move page ${n} up`,
    pending: "Pending",
    pages: (n: number) => `${n} pages`,
    titleRequired: "Title is required",
    genresRequired: "Choose at least one genre",
    coverRequired: "Choose a cover image",
    notImage: "Not a JPEG, PNG, WebP or GIF image",
    duplicate: "Same picture as page 1",
    chapters: (n: number) => `${n} chapters`,
    editManga: "Edit manga",
    publishAt: "Scheduled release",
    partOrder: ["month", "day", "year", "hour", "minute"],
    month: "Month",
    day: "Day",
    may: "May",
  },
  ar: {
    genre: "فانتازيا",
    direction: "عمودي (ويبتون)",
    publicationStatus: "حالة النشر",
    completed: "مكتملة",
    create: "إنشاء المانجا",
    pdfTab: "ملف PDF واحد",
    upload: "رفع الفصل",
    moveUp: (n: number) => `تحريك الصفحة ${n} لأعلى`,
    pending: "قيد المراجعة",
    pages: (n: number) => (n === 3 ? /^[3٣] صفحات$/ : `${n} صفحة`),
    titleRequired: "العنوان مطلوب",
    genresRequired: "اختر تصنيفًا واحدًا على الأقل",
    coverRequired: "اختر صورة للغلاف",
    notImage: "ليست صورة JPEG أو PNG أو WebP أو GIF",
    duplicate: /الصورة نفسها في الصفحة [1١]/,
    chapters: (n: number) => (n === 2 ? "فصلان" : `${n} فصول`),
    editManga: "تعديل المانجا",
    publishAt: "موعد النشر",
    partOrder: ["day", "month", "year", "hour", "minute"],
    month: "الشهر",
    day: "اليوم",
    may: "مايو",
  },
} as const;

const RED: [number, number, number] = [210, 40, 40];
const GREEN: [number, number, number] = [40, 190, 60];
const BLUE: [number, number, number] = [40, 60, 210];
const png = (colour: [number, number, number], width = 500, height = 750) => photo({ width, height, colour, grain: 0, format: "png" });
const file = (name: string, mimeType: string, buffer: Buffer | Uint8Array) => ({ name, mimeType, buffer: Buffer.from(buffer) });

async function bearer(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/Authentication/Login", { data: { username: DEMO.writer.username, password: DEMO.writer.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** The mean colours of a chapter's stored pages, in reading order (through the page call the author may use). */
async function storedColours(request: APIRequestContext, chapterId: number): Promise<Array<[number, number, number]>> {
  const token = await bearer(request);
  const res = await request.get(`/api/chapter/PaginatedChapterImagePages?chapterId=${chapterId}&pageNumber=1&pageSize=10&imageFormat=url`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const items = ((await res.json()) as { data: { items: Array<{ imageUrl: string }> } }).data.items;
  return Promise.all(items.map(async (item) => meanColour(await (await request.get(item.imageUrl)).body())));
}

const near = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) < 25);

/** Slows the page's uploads (Chromium's network emulation), so a few megabytes take seconds to send. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}

for (const lang of ["en", "ar"] as const) {
  const prefix = lang === "ar" ? "/ar" : "";
  const T = TEXT[lang];

  test(`writer publishes a manga with an image chapter and a PDF chapter (${lang})`, async ({ page, request }) => {
    skipEnglishOnPhone(lang === "en");
    test.setTimeout(180_000);
    const title = `Authoring ${lang} ${test.info().project.name} ${Date.now().toString(36)}`;
    await signIn(page, "writer", prefix);

    // Create: the form's own checks first, in the page's language.
    await page.goto(`${prefix}/dashboard/create-manga`);
    const submit = page.getByRole("button", { name: T.create, exact: true });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText(T.titleRequired)).toBeVisible();
    await expect(page.getByText(T.genresRequired)).toBeVisible();
    await expect(page.getByText(T.coverRequired)).toBeVisible();

    await page.locator("#manga-title").fill(title);
    await page.locator("#manga-description").fill(`A story written by the authoring browser test (${lang}).`);
    await page.getByTestId("genre-options").getByText(T.genre, { exact: true }).click();
    await page.getByText(T.direction, { exact: true }).click();
    // A new manga is ongoing until the writer says otherwise.
    const publication = page.getByRole("combobox", { name: T.publicationStatus });
    await expect(publication).toHaveValue("ongoing");
    await publication.selectOption({ label: T.completed });
    // A text file named like an image is refused by its bytes; then the real cover.
    await page.locator("#manga-cover").setInputFiles(file("cover.jpg", "image/jpeg", Buffer.from("this is not a picture")));
    await expect(page.getByText(T.notImage)).toBeVisible();
    await page.locator("#manga-cover").setInputFiles(file("cover.png", "image/png", await png([90, 40, 160], 600, 900)));
    await expect(page.getByTestId("cover-preview-card").locator("img")).toHaveAttribute("src", /^blob:/);
    await expect(page.getByTestId("cover-preview-banner").locator("img")).toHaveAttribute("src", /^blob:/);
    await expect(page.getByTestId("cover-preview-card")).toContainText(title);
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/manga-approval/editor/\\d+$`), { timeout: 20_000 });
    const mangaId = Number(/editor\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByTestId("editor-title")).toHaveText(title);
    // The editor is named as one, in the top bar and the tab, not "Manga approval" (issue 31, 6e).
    await expect(page.getByTestId("dashboard-title")).toHaveText(T.editManga);
    await expect(page).toHaveTitle(new RegExp(`^${T.editManga}: ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));
    await expect(page.getByTestId("no-chapters")).toBeVisible();
    await expect(page.locator(`#manga-${mangaId}-title`)).toHaveValue(title);
    await expect(page.locator(`#manga-${mangaId}-publication-status`)).toHaveValue("completed");

    // The release date in the page's language (issue 31, 6g): the language's order and month names, never the
    // browser's "mm/dd/yyyy"; cleared again, the chapter has no schedule.
    const uploader = page.getByTestId("chapter-uploader");
    const release = uploader.getByRole("group", { name: T.publishAt });
    await expect(uploader.locator('input[type="datetime-local"], input[type="date"]')).toHaveCount(0);
    expect(await release.locator("select").evaluateAll((els) => els.map((e) => e.getAttribute("data-part")))).toEqual(T.partOrder);
    await expect(release.getByLabel(T.month).locator("option", { hasText: T.may })).toHaveCount(1);
    await release.getByLabel(T.month).selectOption({ label: T.may });
    await expect(release.getByLabel(T.day)).toHaveValue("");
    await release.getByLabel(T.month).selectOption("");

    // Image chapter: three pages (the third a copy of the first, flagged), the last moved before the second.
    await uploader.locator(`#chapter-title-${mangaId}`).fill("Chapter one");
    const red = await png(RED);
    await uploader.getByTestId("pick-images").setInputFiles([
      file("01-red.png", "image/png", red),
      file("02-green.png", "image/png", await png(GREEN)),
      file("03-blue.png", "image/png", await png(BLUE)),
      file("04-red-again.png", "image/png", red),
    ]);
    await expect(uploader.getByTestId("page-checks")).toHaveCount(4);
    await expect(uploader.getByTestId("page-item").nth(3)).toContainText(T.duplicate);
    await uploader.getByRole("button", { name: lang === "ar" ? "إزالة الصفحة 4" : "Remove page 4" }).click();
    await uploader.getByRole("button", { name: T.moveUp(3) }).click();
    expect(await uploader.getByTestId("page-item").evaluateAll((items) => items.map((i) => i.getAttribute("data-name")))).toEqual([
      "01-red.png", "03-blue.png", "02-green.png",
    ]);
    await uploader.getByRole("button", { name: T.upload }).click();
    const chapters = page.getByTestId("chapter-item");
    await expect(chapters).toHaveCount(1, { timeout: 30_000 });
    await expect(chapters.first()).toContainText("Chapter one");
    await expect(chapters.first()).toContainText(T.pending);
    await expect(chapters.first().getByTestId("chapter-ready")).toHaveText(T.pages(3));
    await expect(uploader.getByTestId("page-item")).toHaveCount(0);
    const imageChapterId = Number(await chapters.first().getAttribute("data-chapter-id"));
    const colours = await storedColours(request, imageChapterId);
    expect(colours).toHaveLength(3);
    expect([near(colours[0]!, RED), near(colours[1]!, BLUE), near(colours[2]!, GREEN)]).toEqual([true, true, true]);

    // PDF chapter on a slow connection: the progress bar with percentage, speed and time left, then processing.
    await uploader.locator(`#chapter-title-${mangaId}`).fill("Chapter two");
    await uploader.getByText(T.pdfTab, { exact: true }).click();
    await uploader.getByTestId("pick-pdf").setInputFiles(file("chapter.pdf", "application/pdf", paddedPdf(3 * 1024 * 1024)));
    await expect(uploader.getByTestId("pdf-item")).toContainText("chapter.pdf");
    const restore = await throttleUploads(page, 768 * 1024);
    await uploader.getByRole("button", { name: T.upload }).click();
    const progress = uploader.getByTestId("upload-progress");
    await expect(progress).toBeVisible();
    await expect(progress.getByRole("progressbar")).toHaveAttribute("aria-valuenow", /^[1-9]\d*$/, { timeout: 15_000 });
    await expect(progress.getByTestId("upload-speed")).toBeVisible();
    await expect(progress.getByTestId("upload-remaining")).toHaveText(/\d/);
    await expect(progress).toBeHidden({ timeout: 60_000 });
    await restore();
    await expect(chapters).toHaveCount(2, { timeout: 30_000 });
    const pdfChapter = chapters.nth(1);
    await expect(pdfChapter).toContainText("Chapter two");
    // The job runner prepares its page in the background; the list follows it to ready.
    await expect(pdfChapter.getByTestId("chapter-ready")).toHaveText(lang === "ar" ? "صفحة واحدة" : "1 page", { timeout: 60_000 });
    await expect(pdfChapter).toContainText(T.pending);

    // Manga management lists it: the table on desktop, a card on phones.
    await page.goto(`${prefix}/dashboard/manga-management?q=${encodeURIComponent(title)}`);
    const entry = isPhone() ? page.getByTestId("managed-card") : page.getByTestId("managed-row");
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(title);
    await expect(entry).toContainText(T.pending);
    await expect(entry.getByTestId("chapter-count")).toHaveText(T.chapters(2));
    await entry.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/manga-approval/editor/${mangaId}$`));
  });
}

for (const lang of ["en", "ar"] as const) {
  test(`a rejected chapter shows in manga management with root's reason, and the link opens the chapter list (${lang})`, async ({ page, request }) => {
    skipEnglishOnPhone(lang === "en");
    const prefix = lang === "ar" ? "/ar" : "";
    const title = `Rejected ${test.info().project.name} ${lang} ${Date.now().toString(36)}`;
    const { mangaId } = await publishThroughApi(request, { title, description: "A chapter to redo.", genre: "Drama", cover: RED, chapter: { title: "Fine", pages: [GREEN] } });
    const writer = await apiToken(request, DEMO.writer.username, DEMO.writer.password);
    const chapter = new FormData();
    chapter.set("mangaId", String(mangaId));
    chapter.set("title", "Smudged");
    chapter.append("pages", new Blob([new Uint8Array(await png(BLUE))], { type: "image/png" }), "p1.png");
    const submitted = await request.post("/api/chapter/SubmitChapter", { headers: { authorization: `Bearer ${writer}` }, multipart: chapter });
    expect(submitted.status(), await submitted.text()).toBe(200);
    const chapterId = ((await submitted.json()) as { data: { id: number } }).data.id;
    const root = await apiToken(request, DEMO.root.username, DEMO.root.password);
    const reason = "الصفحة الأولى باهتة، أعد رفعها بدقة أعلى.";
    const rejected = await request.post("/api/chapter/StatusChapter", { headers: { authorization: `Bearer ${root}` }, data: { chapterId, status: 2, note: reason } });
    expect(rejected.status(), await rejected.text()).toBe(200);

    await signIn(page, "writer", prefix);
    await page.goto(`${prefix}/dashboard/manga-management?q=${encodeURIComponent(title)}`);
    const entry = isPhone() ? page.getByTestId("managed-card") : page.getByTestId("managed-row");
    await expect(entry).toHaveCount(1);
    const box = entry.getByTestId("rejected-chapters");
    await expect(box).toContainText(lang === "ar" ? "فصل واحد مرفوض" : "1 chapter rejected");
    await expect(box.getByTestId("rejected-note")).toContainText("Smudged");
    await expect(box.getByTestId("rejected-note")).toContainText(reason);
    await box.getByRole("link", { name: lang === "ar" ? "كل ملاحظات المراجعة في قائمة الفصول" : "All review notes in the chapter list" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/manga-approval/editor/${mangaId}#chapters$`));
    const item = page.getByTestId("chapter-item").filter({ hasText: "Smudged" });
    await expect(item.getByTestId("chapter-note")).toContainText(reason);
  });
}

test("writer edits, reorders and deletes chapters and deletes a manga", async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `Managed ${test.info().project.name} ${Date.now().toString(36)}`;
  const token = await bearer(request);
  const form = new FormData();
  form.set("title", title);
  form.append("genres", "Drama");
  form.set("coverImage", new Blob([new Uint8Array(await png([30, 120, 90], 400, 600))], { type: "image/png" }), "cover.png");
  const created = await request.post("/api/manga/SubmitManga", { headers: { authorization: `Bearer ${token}` }, multipart: form });
  expect(created.status(), await created.text()).toBe(200);
  const mangaId = ((await created.json()) as { data: { id: number } }).data.id;
  for (const [name, colour] of [["First", RED], ["Second", GREEN]] as const) {
    const chapter = new FormData();
    chapter.set("mangaId", String(mangaId));
    chapter.set("title", name);
    chapter.append("pages", new Blob([new Uint8Array(await png(colour))], { type: "image/png" }), `${name}.png`);
    const res = await request.post("/api/chapter/SubmitChapter", { headers: { authorization: `Bearer ${token}` }, multipart: chapter });
    expect(res.status(), await res.text()).toBe(200);
  }

  await signIn(page, "writer");
  await page.goto(`/dashboard/manga-approval/editor/${mangaId}`);
  const chapters = page.getByTestId("chapter-item");
  await expect(chapters).toHaveCount(2);
  await expect(chapters.first()).toContainText("First");

  // Move "Second" up: the order is saved on the server.
  await page.getByRole("button", { name: "Move Second up" }).click();
  await expect(chapters.first()).toContainText("Second");
  await expect(chapters.nth(1)).toContainText("First");

  // Edit a chapter: rename, premium, scheduled release.
  await page.getByRole("button", { name: "Edit Second" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Chapter title").fill("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Chapter title is required")).toBeVisible();
  await dialog.getByLabel("Chapter title").fill("Second, renamed");
  await dialog.getByLabel(/Premium chapter/).check();
  // The release date in the page's language: day, month by name, year, then hour and minute (issue 31, 6g).
  const release = dialog.getByRole("group", { name: "Scheduled release" });
  await release.getByLabel("Month").selectOption({ label: "May" });
  await release.getByLabel("Day").selectOption("06");
  await release.getByLabel("Year").selectOption("2031");
  await expect(release.getByLabel("Hour")).toHaveValue("00");
  await release.getByLabel("Hour").selectOption("07");
  await release.getByLabel("Minute").selectOption("08");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(chapters.first()).toContainText("Second, renamed");
  await expect(chapters.first()).toContainText("Premium");
  await expect(chapters.first()).toContainText("2031");

  // Delete a chapter (confirmed).
  await page.getByRole("button", { name: "Delete First" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("First");
  await confirm.getByRole("button", { name: "Delete for good" }).click();
  await expect(chapters).toHaveCount(1);

  // Delete the manga from manga management (cancel once, then confirm).
  await page.goto(`/dashboard/manga-management?q=${encodeURIComponent(title)}`);
  const entry = isPhone() ? page.getByTestId("managed-card") : page.getByTestId("managed-row");
  await expect(entry).toHaveCount(1);
  await entry.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(entry).toHaveCount(1);
  await entry.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByTestId("managed-empty")).toBeVisible();
  const gone = await request.get(`/api/manga/GetMangaById?id=${mangaId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(gone.status()).toBe(404);
});

test("a reader may not open the writer's publishing pages; another writer's manga is not found", async ({ page, request }) => {
  const token = await bearer(request);
  const form = new FormData();
  form.set("title", `Private ${Date.now().toString(36)}`);
  form.append("genres", "Horror");
  form.set("coverImage", new Blob([new Uint8Array(await png([10, 10, 10], 400, 600))], { type: "image/png" }), "cover.png");
  const created = await request.post("/api/manga/SubmitManga", { headers: { authorization: `Bearer ${token}` }, multipart: form });
  expect(created.status()).toBe(200);
  const mangaId = ((await created.json()) as { data: { id: number } }).data.id;

  await signIn(page, "reader");
  for (const path of ["/dashboard/create-manga", "/dashboard/manga-management", `/dashboard/manga-approval/editor/${mangaId}`]) {
    await page.goto(path);
    await expect(page.getByTestId("forbidden"), path).toBeVisible();
  }
  await page.getByTestId("profile-menu-button").click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth/);
  await signIn(page, "qalam");
  const res = await page.goto(`/dashboard/manga-approval/editor/${mangaId}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByText("This manga does not exist, or it is not yours to edit.")).toBeVisible();
});

test("one click on Create submits even when leaving the field being edited shows its error (the button does not move away)", async ({ page }) => {
  await signIn(page, "writer");
  await page.goto("/dashboard/create-manga");
  await page.locator("#manga-title").fill("Walkthrough title");
  // A control character: the description's own error appears when the field loses focus (validation on touch).
  await page.locator("#manga-description").fill("line\u0007two");
  await expect(page.locator("#manga-description")).toBeFocused();
  await page.getByRole("button", { name: "Create manga", exact: true }).click();
  // The submit ran: every field was checked, not only the one that lost focus.
  await expect(page.getByText("Choose at least one genre")).toBeVisible();
  await expect(page.getByText("Choose a cover image")).toBeVisible();
  await expect(page.getByText("Remove the control characters (such as tabs in a title) from this text.")).toBeVisible();
});
