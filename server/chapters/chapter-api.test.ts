import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { media } from "@/db/schema";
import { GET as getChapterRoute } from "@/app/api/chapter/GetChapter/[chapterid]/route";
import { GET as imagePagesRoute } from "@/app/api/chapter/PaginatedChapterImagePages/route";
import { GET as pdfPagesRoute } from "@/app/api/chapter/PaginatedChapterPdfPages/route";
import { GET as listRoute } from "@/app/api/chapter/PaginatedChapter/route";
import { GET as detailsRoute } from "@/app/api/chapter/PaginatedChapterDetails/route";
import { GET as byStatusRoute } from "@/app/api/chapter/PaginatedChapterDetailsByStatusPagianted/route";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { buildReaderWorld, type ReaderWorld } from "./testing/fixtures";

let db: Db;
let world: ReaderWorld;
type Who = keyof ReaderWorld["users"] | "visitor";

beforeAll(async () => {
  db = await getDb();
  world = await buildReaderWorld(db);
});

async function tokenOf(who: Who): Promise<string | undefined> {
  if (who === "visitor") return undefined;
  const u = world.users[who];
  return tokenFor(u.role, u.id);
}

async function call(route: (req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>, key: string, who: Who, query = "", params: Record<string, string> = {}) {
  const res = await route(jsonRequest(key, { token: await tokenOf(who), query }), { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as { statusCode: number; message: string; data: Record<string, unknown> & { items?: Array<Record<string, unknown>> } } };
}

const getChapter = (who: Who, id: number) => call(getChapterRoute, "GET /api/chapter/GetChapter/{chapterid}", who, "", { chapterid: String(id) });
const imagePages = (who: Who, query: string) => call(imagePagesRoute, "GET /api/chapter/PaginatedChapterImagePages", who, query);

describe("PaginatedChapterImagePages / PaginatedChapterPdfPages", () => {
  it("pages a chapter with the spec's paged shape, base64 JPEG of the reading image and its URLs", async () => {
    const first = await imagePages("visitor", `chapterId=${world.chapters.public}&pageNumber=1&pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body.statusCode).toBe(1);
    const data = first.body.data;
    expect(data).toMatchObject({ pageNumber: 1, pageSize: 2, totalPages: 2, totalRecords: 3, totalDisplayRecords: 3, hasPreviousPage: false, hasNextPage: true });
    expect(data.items?.map((i) => i.pageNumber)).toEqual([1, 2]);
    const item = data.items?.[0] ?? {};
    expect(item.imageUrl).toBe(`/media/${world.pageIds[0]}`);
    expect(item).toMatchObject({ width: 200, height: 300 });
    expect(Object.keys(item.variants as object).sort()).toEqual(["350", "500", "700"]);
    const [stored] = await db.select({ bytes: media.bytes }).from(media).where(eq(media.id, world.pageIds[0] ?? ""));
    expect(item.imageData).toBe(stored?.bytes?.toString("base64"));
    expect(String(item.imageData).startsWith("/9j/")).toBe(true); // JPEG

    const last = await imagePages("visitor", `chapterId=${world.chapters.public}&pageNumber=2&pageSize=2`);
    expect(last.body.data).toMatchObject({ pageNumber: 2, hasPreviousPage: true, hasNextPage: false });
    expect(last.body.data.items?.map((i) => i.pageNumber)).toEqual([3]);

    const beyond = await imagePages("visitor", `chapterId=${world.chapters.public}&pageNumber=9&pageSize=2`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data.items).toEqual([]);
    expect(beyond.body.data.hasNextPage).toBe(false);
  });

  it("defaults to one page and accepts the spec's casing of the query names", async () => {
    const res = await imagePages("visitor", `ChapterId=${world.chapters.public}&PageNumber=3`);
    expect(res.body.data).toMatchObject({ pageNumber: 3, pageSize: 1, totalPages: 3 });
    expect(res.body.data.items?.[0]?.pageNumber).toBe(3);
  });

  it("leaves the base64 out with imageFormat=url", async () => {
    const res = await imagePages("visitor", `chapterId=${world.chapters.public}&pageSize=3&imageFormat=url`);
    expect(res.body.data.items).toHaveLength(3);
    for (const item of res.body.data.items ?? []) {
      expect(item).not.toHaveProperty("imageData");
      expect(item.imageUrl).toMatch(/^\/media\/[0-9a-f]{64}$/);
    }
  });

  it("reads imageFormat like every other route: any case of url, anything else keeps the base64", async () => {
    const upper = await imagePages("visitor", `chapterId=${world.chapters.public}&imageFormat=URL`);
    expect(upper.body.data.items?.[0]).not.toHaveProperty("imageData");
    const unknown = await imagePages("visitor", `chapterId=${world.chapters.public}&imageFormat=png`);
    expect(unknown.status).toBe(200);
    expect(typeof unknown.body.data.items?.[0]?.imageData).toBe("string");
  });

  it("names the PDF endpoint's fields pdfPageNumber / pdfPageData", async () => {
    const res = await call(pdfPagesRoute, "GET /api/chapter/PaginatedChapterPdfPages", "visitor", `chapterId=${world.chapters.public}&pageNumber=2&pageSize=1`);
    expect(res.status).toBe(200);
    const item = res.body.data.items?.[0] ?? {};
    expect(item.pdfPageNumber).toBe(2);
    expect(typeof item.pdfPageData).toBe("string");
    expect(item).not.toHaveProperty("pageNumber");
    expect(item).not.toHaveProperty("imageData");
  });

  it.each([
    ["", "chapterId"],
    ["chapterId=abc", "chapterId"],
    ["chapterId=1&pageSize=0", "pageSize"],
    ["chapterId=1&pageSize=1000", "pageSize"],
    ["chapterId=1&pageNumber=-1", "pageNumber"],
  ])("answers bad input %j with 422 field errors", async (query, field) => {
    const res = await imagePages("visitor", query);
    expect(res.status).toBe(422);
    expect((res.body.data.errors as Record<string, string[]>)[field]).toBeDefined();
  });

  it("answers an unknown chapter with 404", async () => {
    const res = await imagePages("visitor", "chapterId=999999");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Chapter not found");
  });
});

describe("visibility", () => {
  const everyone: Who[] = ["visitor", "reader", "otherWriter", "staff", "admin", "author", "root"];
  const privileged = new Set<Who>(["author", "root"]);

  it.each(["pending", "rejected", "ofUnreviewed"] as const)("a %s chapter exists only for the manga's author and root", async (which) => {
    for (const who of everyone) {
      const id = world.chapters[which];
      const chapter = await getChapter(who, id);
      const pages = await imagePages(who, `chapterId=${id}&imageFormat=url`);
      const want = privileged.has(who) ? 200 : 404;
      expect({ who, status: chapter.status }).toEqual({ who, status: want });
      expect({ who, status: pages.status }).toEqual({ who, status: want });
    }
  });

  it("a public chapter is open to everyone, with its neighbours among public chapters", async () => {
    for (const who of everyone) expect((await getChapter(who, world.chapters.public)).status).toBe(200);
    const visitor = await getChapter("visitor", world.chapters.second);
    expect(visitor.body.data).toMatchObject({ id: world.chapters.second, number: 2, previousChapterId: world.chapters.public, nextChapterId: world.chapters.premium, reviewNote: null, progress: null });
    // The author also walks into the unpublished chapters.
    const author = await getChapter("author", world.chapters.premium);
    expect(author.body.data.nextChapterId).toBe(world.chapters.pending);
    const reader = await getChapter("premium", world.chapters.premium);
    expect(reader.body.data.nextChapterId).toBeNull();
  });

  it("shows the review note only to the author and root", async () => {
    expect((await getChapter("author", world.chapters.rejected)).body.data.reviewNote).toBe("Pages missing");
    expect((await getChapter("root", world.chapters.rejected)).body.data.reviewNote).toBe("Pages missing");
  });
});

describe("premium chapters", () => {
  it.each([
    ["visitor", 403], ["reader", 403], ["expired", 403], ["cancelled", 403], ["otherWriter", 403], ["staff", 403], ["admin", 403],
    ["premium", 200], ["author", 200], ["root", 200],
  ] as const)("%s gets %i", async (who, want) => {
    const chapter = await getChapter(who, world.chapters.premium);
    const pages = await imagePages(who, `chapterId=${world.chapters.premium}`);
    expect(chapter.status).toBe(want);
    expect(pages.status).toBe(want);
    if (want === 403) {
      expect(chapter.body.message).toMatch(/premium/i);
      expect(chapter.body.data.code).toBe("premiumRequired");
      expect(pages.body.data).not.toHaveProperty("items");
    } else {
      expect(pages.body.data.items).toHaveLength(1);
    }
  });

  it("explains the refusal in Arabic too", async () => {
    const res = await imagePagesRoute(
      jsonRequest("GET /api/chapter/PaginatedChapterImagePages", { query: `chapterId=${world.chapters.premium}`, headers: { "accept-language": "ar" } }),
      noParams,
    );
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/بريميوم/);
  });
});

describe("PaginatedChapter / PaginatedChapterDetails", () => {
  const list = (who: Who, query: string) => call(listRoute, "GET /api/chapter/PaginatedChapter", who, query);
  const details = (who: Who, query: string) => call(detailsRoute, "GET /api/chapter/PaginatedChapterDetails", who, query);

  it("lists a manga's public chapters in reading order for readers, all of them for its author", async () => {
    const visitor = await list("visitor", `mangaId=${world.manga.published}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.items?.map((c) => c.number)).toEqual([1, 2, 3]);
    expect(visitor.body.data).toMatchObject({ totalRecords: 3, totalDisplayRecords: 3, pageNumber: 1 });
    const author = await list("author", `mangaId=${world.manga.published}`);
    expect(author.body.data.items?.map((c) => c.number)).toEqual([1, 2, 3, 4, 5]);
    const other = await list("otherWriter", `mangaId=${world.manga.published}`);
    expect(other.body.data.items?.map((c) => c.number)).toEqual([1, 2, 3]);
    const hidden = await list("reader", `mangaId=${world.manga.underReview}`);
    expect(hidden.body.data.items).toEqual([]);
    const rootPending = await list("root", `mangaId=${world.manga.published}&chapterStatus=0`);
    expect(rootPending.body.data.items?.map((c) => c.number)).toEqual([4]);
    expect(rootPending.body.data).toMatchObject({ totalRecords: 5, totalDisplayRecords: 1 });
  });

  it("pages, sorts and searches", async () => {
    const page2 = await list("visitor", `mangaId=${world.manga.published}&page=2&pageSize=2`);
    expect(page2.body.data.items?.map((c) => c.number)).toEqual([3]);
    expect(page2.body.data).toMatchObject({ pageNumber: 2, pageSize: 2, totalPages: 2, hasPreviousPage: true, hasNextPage: false });
    const desc = await list("visitor", `mangaId=${world.manga.published}&sortDirection=desc`);
    expect(desc.body.data.items?.map((c) => c.number)).toEqual([3, 2, 1]);
    const search = await list("visitor", `mangaId=${world.manga.published}&searchTerm=SECOND`);
    expect(search.body.data.items?.map((c) => c.title)).toEqual(["Second"]);
    expect(search.body.data).toMatchObject({ totalRecords: 3, totalDisplayRecords: 1 });
    const bad = await list("visitor", "page=0");
    expect(bad.status).toBe(422);
  });

  it("adds manga and review details, the note only for the author", async () => {
    const author = await details("author", `mangaId=${world.manga.published}&chapterStatus=2`);
    expect(author.body.data.items?.[0]).toMatchObject({ title: "Turned down", reviewNote: "Pages missing", sourceType: 0, manga: { id: world.manga.published } });
    const visitor = await details("visitor", `mangaId=${world.manga.published}`);
    for (const item of visitor.body.data.items ?? []) expect(item.reviewNote).toBeNull();
  });
});

describe("PaginatedChapterDetailsByStatusPagianted", () => {
  const byStatus = (who: Who, query: string) => call(byStatusRoute, "GET /api/chapter/PaginatedChapterDetailsByStatusPagianted", who, query);

  it("gives writers their own manga's chapters and root everything", async () => {
    const author = await byStatus("author", "page=1&pageSize=50");
    const ids = author.body.data.items?.map((c) => c.id) ?? [];
    expect(ids).toHaveLength(6);
    const other = await byStatus("otherWriter", "");
    expect(other.body.data.items).toEqual([]);
    const root = await byStatus("root", "pageSize=100");
    expect(root.body.data.items?.map((c) => c.id)).toEqual(expect.arrayContaining(ids));
  });

  it("filters by status and search", async () => {
    const pending = await byStatus("author", "chapterStatus=0");
    expect(pending.body.data.items?.map((c) => c.id)).toEqual([world.chapters.pending]);
    const search = await byStatus("author", "searchTerm=hidden");
    expect(search.body.data.items?.map((c) => c.id)).toEqual([world.chapters.ofUnreviewed]);
    const bad = await byStatus("author", "chapterStatus=7");
    expect(bad.status).toBe(422);
  });

  it("is closed to readers and visitors", async () => {
    expect((await byStatus("reader", "")).status).toBe(403);
    expect((await byStatus("visitor", "")).status).toBe(401);
  });
});

describe("page media", () => {
  it("stores the variants the API points at", async () => {
    const res = await imagePages("visitor", `chapterId=${world.chapters.public}&imageFormat=url`);
    const variants = Object.values(res.body.data.items?.[0]?.variants as Record<string, string>).map((u) => u.slice("/media/".length));
    const rows = await db.select({ id: media.id, width: media.width }).from(media).where(inArray(media.id, variants));
    expect(rows.map((r) => r.width).sort((a, b) => a - b)).toEqual([35, 50, 70]);
  });
});
