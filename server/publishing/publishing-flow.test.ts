import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { auditLog, chapterJobs, chapters, favorites, manga, media, notifications, users } from "@/db/schema";
import { renderNotification } from "@/server/notifications/catalogue";
import { Role, Status } from "@/lib/enums";
import { POST as submitMangaRoute } from "@/app/api/manga/SubmitManga/route";
import { POST as statusMangaRoute } from "@/app/api/manga/StatusManga/route";
import { POST as submitChapterRoute } from "@/app/api/chapter/SubmitChapter/route";
import { POST as statusChapterRoute } from "@/app/api/chapter/StatusChapter/route";
import { GET as getMangaRoute } from "@/app/api/manga/GetMangaById/route";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { photo } from "@/tests/fixtures/images";
import { photoPdf } from "@/tests/fixtures/pdfs";
import { runChapterJobs } from "./chapter-jobs";

/** The publishing loop through the route handlers on a real database: submit, upload, review, read. */
let db: Db;
const ids = { writer: 0, root: 0, reader: 0 };

beforeAll(async () => {
  db = await getDb();
  const rows = await db
    .insert(users)
    .values([
      { username: "flow_writer", email: "flow_writer@example.test", fullName: "Flow Writer", role: Role.writer },
      { username: "flow_root", email: "flow_root@example.test", fullName: "Flow Root", role: Role.root, locale: "ar" },
      { username: "flow_reader", email: "flow_reader@example.test", fullName: "Flow Reader", role: Role.reader },
    ])
    .returning({ id: users.id, username: users.username });
  ids.writer = rows[0]!.id;
  ids.root = rows[1]!.id;
  ids.reader = rows[2]!.id;
});

type Body = { statusCode: number; message: string; data: Record<string, unknown> };
async function send(route: (req: Request, ctx?: typeof noParams) => Promise<Response>, req: Request) {
  const res = await route(req, noParams);
  return { status: res.status, body: (await res.json()) as Body };
}

function multipart(key: string, token: string, form: FormData): Request {
  const [method = "POST", path = "/"] = key.split(" ");
  return new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}` }, body: form });
}

const blob = (bytes: Uint8Array, type: string) => new Blob([new Uint8Array(bytes)], { type });

describe("the publishing loop", () => {
  it("a writer submits a manga and chapters, root reviews them, readers see what was accepted", async () => {
    const writer = await tokenFor(Role.writer, ids.writer);
    const root = await tokenFor(Role.root, ids.root);

    const form = new FormData();
    form.set("title", "  Flow Saga  ");
    form.set("description", "A test of the whole loop.");
    form.append("genres", "action");
    form.append("genres", "5");
    form.set("coverImage", blob(await photo({ width: 900, height: 1350 }), "image/jpeg"), "cover.jpg");
    const created = await send(submitMangaRoute, multipart("POST /api/manga/SubmitManga", writer, form));
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ title: "Flow Saga", status: 0, genres: ["Action", "SciFi"], readingDirection: 0 });
    const mangaId = created.body.data.id as number;
    expect(created.body.data.coverImageUrl).toMatch(/^\/media\/[0-9a-f]{64}$/);
    expect(created.body.data.bannerImageUrl).toMatch(/^\/media\/[0-9a-f]{64}$/);
    // Root is told, in root's language.
    const [told] = await db.select().from(notifications).where(eq(notifications.userId, ids.root));
    expect(renderNotification(told!, "ar")).toContain("Flow Saga");
    expect(renderNotification(told!, "ar")).toMatch(/[\u0600-\u06FF]/);

    // Hidden from visitors while pending.
    const hidden = await send(getMangaRoute, jsonRequest("GET /api/manga/GetMangaById", { query: `id=${mangaId}` }));
    expect(hidden.status).toBe(404);

    // An image chapter (stored at once) and a PDF chapter (processed in the background).
    const images = new FormData();
    images.set("mangaId", String(mangaId));
    images.set("title", "Images");
    for (let i = 0; i < 2; i++) images.append("pages", blob(await photo({ width: 600, height: 900, colour: [40 + i * 100, 80, 80] }), "image/jpeg"), `p${i}.jpg`);
    const ch1 = await send(submitChapterRoute, multipart("POST /api/chapter/SubmitChapter", writer, images));
    expect(ch1.status).toBe(200);
    expect(ch1.body.data).toMatchObject({ status: 0, processing: 0, pageCount: 2, number: 1 });

    const pdf = new FormData();
    pdf.set("mangaId", String(mangaId));
    pdf.set("title", "Pdf");
    pdf.set("pdf", blob(await photoPdf({ pages: 2, width: 400, height: 600 }), "application/pdf"), "c.pdf");
    const ch2 = await send(submitChapterRoute, multipart("POST /api/chapter/SubmitChapter", writer, pdf));
    expect(ch2.status).toBe(200);
    expect(ch2.body.data).toMatchObject({ status: 0, processing: 1, number: 2 });
    const ch2Id = ch2.body.data.id as number;
    expect(await db.select({ id: chapterJobs.id }).from(chapterJobs).where(eq(chapterJobs.chapterId, ch2Id))).toHaveLength(1);

    // Deciding a chapter still processing is refused.
    const early = await send(statusChapterRoute, jsonRequest("POST /api/chapter/StatusChapter", { token: root, body: { chapterId: ch2Id, status: 1 } }));
    expect(early.status).toBe(409);

    expect(await runChapterJobs({ db, pageTimeoutMs: 60_000 })).toBe(1);
    const [ready] = await db.select().from(chapters).where(eq(chapters.id, ch2Id));
    expect(ready).toMatchObject({ processing: 0, pageCount: 2, processingError: null });
    expect(await db.select().from(chapterJobs)).toHaveLength(0);

    // A reader favourites nothing yet; root rejects the image chapter with a note and accepts the manga and the PDF.
    const noNote = await send(statusChapterRoute, jsonRequest("POST /api/chapter/StatusChapter", { token: root, body: { chapterId: ch1.body.data.id, status: 2 } }));
    expect(noNote.status).toBe(422);
    const rejected = await send(statusChapterRoute, jsonRequest("POST /api/chapter/StatusChapter", { token: root, body: { chapterId: ch1.body.data.id, status: 2, note: "Pages are blurry" } }));
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 2, reviewNote: "Pages are blurry" });
    const accepted = await send(statusMangaRoute, jsonRequest("POST /api/manga/StatusManga", { token: root, body: { mangaId, status: 1 } }));
    expect(accepted.status).toBe(200);
    await db.insert(favorites).values({ userId: ids.reader, mangaId });
    const acc2 = await send(statusChapterRoute, jsonRequest("POST /api/chapter/StatusChapter", { token: root, body: { chapterId: ch2Id, status: 1, note: "Nice" } }));
    expect(acc2.status).toBe(200);

    const pub = await send(getMangaRoute, jsonRequest("GET /api/manga/GetMangaById", { query: `id=${mangaId}&imageFormat=url` }));
    expect(pub.status).toBe(200);
    expect((pub.body.data.chapters as Array<{ id: number }>).map((c) => c.id)).toEqual([ch2Id]);
    const [m] = await db.select({ chapterCount: manga.chapterCount }).from(manga).where(eq(manga.id, mangaId));
    expect(m?.chapterCount).toBe(1);

    const writerNotes = await db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, ids.writer));
    expect(writerNotes.map((n) => n.message).join("\n")).toContain("Pages are blurry");
    const readerNotes = await db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, ids.reader));
    expect(readerNotes).toHaveLength(1);
    expect(readerNotes[0]?.message).toContain("Flow Saga");
    const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.actorId, ids.root)))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["manga.accept", "chapter.reject", "chapter.accept"]));
    expect((await db.select({ id: media.id }).from(media)).length).toBeGreaterThan(4);
    expect(Status.Accepted).toBe(1);
  });
});

describe("chapters accepted while their manga is hidden", () => {
  it("are announced to favouriters when the manga is accepted again, once", async () => {
    const writer = { userId: ids.writer, role: Role.writer };
    const root = { userId: ids.root, role: Role.root };
    const { submitManga } = await import("./submit-manga");
    const { submitChapter } = await import("./submit-chapter");
    const { setMangaStatus } = await import("./set-manga-status");
    const { setChapterStatus } = await import("./set-chapter-status");
    const m = await submitManga({ db, actor: writer, fields: { title: "Hidden Return", description: "", genres: ["Drama"], readingDirection: 0 }, cover: await photo({ width: 300, height: 450 }) });
    await setMangaStatus({ db, actor: root, mangaId: m.id, status: Status.Accepted });
    await db.insert(favorites).values({ userId: ids.reader, mangaId: m.id });
    await setMangaStatus({ db, actor: root, mangaId: m.id, status: Status.Rejected, note: "Cover needs work" });
    const ch = await submitChapter({ db, actor: writer, mangaId: m.id, fields: { title: "While hidden", isPremium: false, publishAt: null }, upload: { kind: "images", files: [await photo({ width: 200, height: 300 })] } });
    const countFor = async () => (await db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, ids.reader))).filter((n) => n.message.includes("Hidden Return")).length;
    await setChapterStatus({ db, actor: root, chapterIds: [ch.id], status: Status.Accepted });
    expect(await countFor()).toBe(0);
    await setMangaStatus({ db, actor: root, mangaId: m.id, status: Status.Accepted });
    expect(await countFor()).toBe(1);
    await setMangaStatus({ db, actor: root, mangaId: m.id, status: Status.Accepted, note: "again" });
    expect(await countFor()).toBe(1);
    const [row] = await db.select({ chapterCount: manga.chapterCount }).from(manga).where(eq(manga.id, m.id));
    expect(row?.chapterCount).toBe(1);
  });
});

describe("trusted writers", () => {
  it("root marks a writer trusted (audited); others cannot; only writers can be trusted", async () => {
    const { setWriterTrusted } = await import("./set-writer-trusted");
    const root = { userId: ids.root, role: Role.root };
    await expect(setWriterTrusted({ db, actor: { userId: ids.writer, role: Role.writer }, userId: ids.writer, trusted: true })).rejects.toMatchObject({ httpStatus: 403 });
    await expect(setWriterTrusted({ db, actor: root, userId: ids.reader, trusted: true })).rejects.toMatchObject({ httpStatus: 404 });
    expect(await setWriterTrusted({ db, actor: root, userId: ids.writer, trusted: true })).toEqual({ userId: ids.writer, trusted: true });
    const [row] = await db.select({ trusted: users.trusted }).from(users).where(eq(users.id, ids.writer));
    expect(row?.trusted).toBe(true);
    const audits = await db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.actorId, ids.root), eq(auditLog.targetType, "user")));
    expect(audits.map((a) => a.action)).toContain("user.trust");
    await setWriterTrusted({ db, actor: root, userId: ids.writer, trusted: false });
  });
});
