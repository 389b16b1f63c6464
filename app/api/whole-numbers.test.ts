import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { Role } from "@/lib/enums";
import { decimalInteger, id, integer, isRowId, MAX_ID } from "@/lib/validation/numbers";
import { createTestUser } from "@/server/auth/testing";
import type { RouteKey } from "@/server/core/access-table";
import type { RouteHandler } from "@/server/http/route";
import { jsonRequest, tokenFor } from "@/server/http/test-helpers";
import { GET as GetChapter } from "./chapter/GetChapter/[chapterid]/route";
import { GET as PaginatedChapter } from "./chapter/PaginatedChapter/route";
import { GET as PaginatedChapterImagePages } from "./chapter/PaginatedChapterImagePages/route";
import { POST as RecordView } from "./chapter/RecordView/route";
import { POST as SaveProgress } from "./chapter/SaveProgress/route";
import { DELETE as DeleteChapter } from "./chapter/DeleteChapter/route";
import { POST as StatusChapter } from "./chapter/StatusChapter/route";
import { GET as GetMangaById } from "./manga/GetMangaById/route";
import { GET as PaginatedManga } from "./manga/PaginatedManga/route";
import { POST as ToggleFavorite } from "./manga/ToggleFavorite/route";
import { GET as PaginatedNotification } from "./Notification/PaginatedNotification/route";
import { POST as MarkNotificationAsRead } from "./Notification/MarkNotificationAsRead/route";
import { GET as PaginatedReport } from "./Report/PaginatedReport/route";
import { DELETE as DeleteUser } from "./User/DeleteUser/route";

/**
 * Issue 19, item 9: ids and page numbers are decimal whole numbers only. `"0x30"`, `"0b110000"`, `"4.8e1"`, `[48]` and
 * `true` all read as 48 (or 1) before (`GET /api/chapter/GetChapter/0x1` answered 200); now each is a 422 field error.
 */
const LOOSE: unknown[] = ["0x30", "0b110000", "0o60", "4.8e1", "48.0", "1_000", "", " ", "Infinity", [48], ["48"], true, false, { n: 48 }, 4.8, null];
const LOOSE_IN_QUERY = ["0x30", "0b110000", "0o60", "4.8e1", "48.0", "%2B48", "1_000", "Infinity", "%E0%A5%AA%E0%A5%AE" /* Devanagari 48 */];

describe("decimalInteger", () => {
  it("accepts decimal digits and integral JSON numbers, and nothing else", () => {
    const schema = integer();
    for (const good of ["48", " 48 ", "-3", "0", 48, 4.8e1, -1]) expect(schema.safeParse(good).success).toBe(true);
    for (const bad of [...LOOSE, "+48", "٤٨", "1".repeat(16)]) expect({ bad, ok: schema.safeParse(bad).success }).toEqual({ bad, ok: false });
    expect(decimalInteger("0x30")).toBe("0x30");
    expect(id().safeParse("0").success).toBe(false);
    expect(id().safeParse("2147483648").success).toBe(false);
    expect(id().parse("2147483647")).toBe(MAX_ID);
  });

  it("isRowId takes exactly the ids id() takes", () => {
    for (const good of [1, 48, MAX_ID]) expect(isRowId(good)).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, Number.NaN, Number.POSITIVE_INFINITY]) expect({ bad, ok: isRowId(bad) }).toEqual({ bad, ok: false });
  });
});

describe("routes refuse loosely written ids and page numbers", () => {
  let ip = 0;
  const freshIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

  async function status(handler: RouteHandler, key: RouteKey, opts: { query?: string; body?: unknown; token?: string; params?: Record<string, string> }) {
    const req = jsonRequest(key, { query: opts.query, body: opts.body, token: opts.token, headers: { "x-forwarded-for": freshIp() } });
    const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
    const body = await res.json();
    if (res.status === 422) expect(body.data.errors).toBeTypeOf("object");
    return res.status;
  }

  it("in the path, the query and the body", async () => {
    const db = await getDb();
    const root = await createTestUser(db, { role: Role.root });
    const token = await tokenFor(Role.root, root.id);
    const queryCases: Array<[RouteHandler, RouteKey, string]> = [
      [GetMangaById, "GET /api/manga/GetMangaById", "id"],
      [PaginatedManga, "GET /api/manga/PaginatedManga", "page"],
      [PaginatedManga, "GET /api/manga/PaginatedManga", "pageSize"],
      [PaginatedChapter, "GET /api/chapter/PaginatedChapter", "page"],
      [PaginatedChapter, "GET /api/chapter/PaginatedChapter", "mangaId"],
      [PaginatedChapterImagePages, "GET /api/chapter/PaginatedChapterImagePages", "chapterId"],
      [PaginatedChapterImagePages, "GET /api/chapter/PaginatedChapterImagePages", "pageNumber"],
      [PaginatedNotification, "GET /api/Notification/PaginatedNotification", "Page"],
      [PaginatedReport, "GET /api/Report/PaginatedReport", "pageSize"],
    ];
    for (const [handler, key, name] of queryCases) {
      for (const value of LOOSE_IN_QUERY) {
        const query = `${name === "chapterId" ? "" : "chapterId=1&"}${name}=${value}`;
        expect({ key, query, status: await status(handler, key, { query, token }) }).toEqual({ key, query, status: 422 });
      }
    }
    for (const chapterid of ["0x1", "0b1", "1e0", "1.0", "+1", " "]) {
      expect({ chapterid, status: await status(GetChapter, "GET /api/chapter/GetChapter/{chapterid}", { params: { chapterid } }) }).toEqual({ chapterid, status: 422 });
    }
    const bodyCases: Array<[RouteHandler, RouteKey, string, Record<string, unknown>]> = [
      [ToggleFavorite, "POST /api/manga/ToggleFavorite", "mangaId", {}],
      [RecordView, "POST /api/chapter/RecordView", "chapterId", {}],
      [SaveProgress, "POST /api/chapter/SaveProgress", "pageNumber", { chapterId: 1 }],
      [SaveProgress, "POST /api/chapter/SaveProgress", "chapterId", { pageNumber: 1 }],
      [DeleteChapter, "DELETE /api/chapter/DeleteChapter", "chapterId", {}],
      [MarkNotificationAsRead, "POST /api/Notification/MarkNotificationAsRead", "notificationId", {}],
      [DeleteUser, "DELETE /api/User/DeleteUser", "userId", {}],
      [StatusChapter, "POST /api/chapter/StatusChapter", "status", { chapterId: 1 }],
      [StatusChapter, "POST /api/chapter/StatusChapter", "chapterId", { status: 1 }],
    ];
    for (const [handler, key, name, rest] of bodyCases) {
      for (const value of LOOSE) {
        const body = { ...rest, [name]: value };
        expect({ key, body, status: await status(handler, key, { body, token }) }).toEqual({ key, body, status: 422 });
      }
    }
  });

  it("still takes digits and JSON numbers", async () => {
    expect(await status(GetChapter, "GET /api/chapter/GetChapter/{chapterid}", { params: { chapterid: "999999" } })).toBe(404);
    expect(await status(GetMangaById, "GET /api/manga/GetMangaById", { query: "id=999999" })).toBe(404);
    expect(await status(PaginatedManga, "GET /api/manga/PaginatedManga", { query: "page=2&pageSize=5" })).toBe(200);
    for (const chapterId of [999999, "999999"]) expect(await status(RecordView, "POST /api/chapter/RecordView", { body: { chapterId } })).toBe(404);
  });
});
