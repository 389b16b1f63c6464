import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapterPages, users } from "@/db/schema";
import { Role } from "@/db/schema/enums";
import { POST as submitMangaRoute } from "@/app/api/manga/SubmitManga/route";
import { POST as statusMangaRoute } from "@/app/api/manga/StatusManga/route";
import { POST as submitChapterRoute } from "@/app/api/chapter/SubmitChapter/route";
import { POST as statusChapterRoute } from "@/app/api/chapter/StatusChapter/route";
import type { RouteContext } from "@/server/http/route";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { photo } from "@/tests/fixtures/images";

/**
 * Shared helpers of the publishing API tests (route handlers called with Request objects on the file's own database).
 */
export type Body = { statusCode: number; message: string; data: Record<string, unknown> & { errors?: Record<string, string[]>; code?: string } };
export type Route = (req: Request, ctx?: RouteContext) => Promise<Response>;
export type Answer = { status: number; body: Body };

export async function send(route: Route, req: Request, ctx: RouteContext = noParams): Promise<Answer> {
  const res = await route(req, ctx);
  return { status: res.status, body: (await res.json()) as Body };
}

/** A file part of a multipart form. */
export interface FilePart {
  bytes: Uint8Array;
  type: string;
  name: string;
}
export const filePart = (bytes: Uint8Array, type: string, name: string): FilePart => ({ bytes, type, name });

type FieldValue = string | number | boolean | FilePart | ReadonlyArray<string | number | FilePart>;

export function formOf(fields: Record<string, FieldValue | undefined>): FormData {
  const form = new FormData();
  const add = (name: string, value: string | number | boolean | FilePart) => {
    if (typeof value === "object") form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
    else form.append(name, String(value));
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value as ReadonlyArray<string | number | FilePart>) add(name, v);
    else add(name, value as string | number | boolean | FilePart);
  }
  return form;
}

/** A multipart request ("PUT /api/chapter/UpdateChapter"), optionally signed in and with extra headers. */
export function formRequest(key: string, form: FormData, opts: { token?: string; headers?: Record<string, string>; query?: string } = {}): Request {
  const [method = "POST", path = "/"] = key.split(" ");
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Request(`http://localhost${path}${opts.query ? `?${opts.query}` : ""}`, { method, headers, body: form });
}

export { jsonRequest, tokenFor };

/** Test accounts (username prefix keeps files apart); answers ids and tokens by name. */
export async function makeUsers<const N extends string>(
  db: Db,
  prefix: string,
  specs: Record<N, { role: Role; locale?: "en" | "ar"; trusted?: boolean }>,
): Promise<Record<N, { id: number; token: string }>> {
  const out = {} as Record<N, { id: number; token: string }>;
  for (const [name, spec] of Object.entries(specs) as Array<[N, { role: Role; locale?: "en" | "ar"; trusted?: boolean }]>) {
    const username = `${prefix}_${name}`.toLowerCase();
    const [row] = await db
      .insert(users)
      .values({ username, email: `${username}@example.test`, fullName: username, role: spec.role, locale: spec.locale ?? "en", trusted: spec.trusted ?? false })
      .returning({ id: users.id });
    out[name] = { id: row!.id, token: await tokenFor(spec.role, row!.id) };
  }
  return out;
}

const cache = new Map<string, Promise<Buffer>>();
function cached(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let hit = cache.get(key);
  if (!hit) cache.set(key, (hit = make()));
  return hit;
}

/** A small cover (JPEG); `seed` gives different bytes (so a different media row). */
export const coverJpeg = (seed = 0) => cached(`cover${seed}`, () => photo({ width: 240, height: 360, colour: [(seed * 37) % 200 + 20, 90, 140], grain: 8 }));
/** A small page (JPEG) of a distinct colour per `seed`. */
export const pageJpeg = (seed = 0, width = 160, height = 240) =>
  cached(`page${seed}x${width}x${height}`, () => photo({ width, height, colour: [(seed * 53) % 200 + 20, (seed * 91) % 200 + 20, 120], grain: 8 }));

export const jpegPart = (bytes: Uint8Array, name = "p.jpg") => filePart(bytes, "image/jpeg", name);
export const pdfPart = (bytes: Uint8Array, name = "c.pdf") => filePart(bytes, "application/pdf", name);

/** SubmitManga through its route; answers the new manga's id. */
export async function submitManga(token: string, title: string, opts: { cover?: Uint8Array } = {}): Promise<number> {
  const form = formOf({ title, description: `About ${title}`, genres: ["Action", "Drama"], coverImage: jpegPart(opts.cover ?? (await coverJpeg()), "cover.jpg") });
  const res = await send(submitMangaRoute, formRequest("POST /api/manga/SubmitManga", form, { token }));
  if (res.status !== 200) throw new Error(`SubmitManga: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** StatusManga / StatusChapter through their routes (root's token). */
export async function decideManga(token: string, mangaId: number, status: 1 | 2, note?: string): Promise<Answer> {
  return send(statusMangaRoute, jsonRequest("POST /api/manga/StatusManga", { token, body: { mangaId, status, ...(note ? { note } : {}) } }));
}
export async function decideChapter(token: string, chapterId: number, status: 1 | 2, note?: string): Promise<Answer> {
  return send(statusChapterRoute, jsonRequest("POST /api/chapter/StatusChapter", { token, body: { chapterId, status, ...(note ? { note } : {}) } }));
}

/** SubmitChapter with `pages` small images (or a pdf), through its route; answers the response. */
export async function submitChapter(
  token: string,
  mangaId: number,
  title: string,
  opts: { pages?: number; seed?: number; pdf?: Uint8Array; publishAt?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const seed = opts.seed ?? 0;
  const pages = opts.pdf ? undefined : await Promise.all(Array.from({ length: opts.pages ?? 1 }, (_, i) => pageJpeg(seed + i).then((b) => jpegPart(b, `p${i + 1}.jpg`))));
  const form = formOf({ mangaId, title, publishAt: opts.publishAt, pages, pdf: opts.pdf ? pdfPart(opts.pdf) : undefined });
  return send(submitChapterRoute, formRequest("POST /api/chapter/SubmitChapter", form, { token, headers: opts.headers }));
}

/** Like submitChapter, but throws unless it succeeded; answers the chapter id. */
export async function addChapter(token: string, mangaId: number, title: string, opts: Parameters<typeof submitChapter>[3] = {}): Promise<number> {
  const res = await submitChapter(token, mangaId, title, opts);
  if (res.status !== 200) throw new Error(`SubmitChapter: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** Row counts of the tables a publishing write touches. */
export async function counts(db: Db): Promise<Record<string, number>> {
  const tables = ["manga", "manga_genres", "chapters", "chapter_pages", "chapter_jobs", "media", "media_variants", "favorites", "notifications", "audit_log"];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const res = await db.execute<{ n: number | string }>(sql.raw(`select count(*)::int as n from ${t}`));
    out[t] = Number(res.rows[0]?.n ?? 0);
  }
  return out;
}

/**
 * Everything a publishing write could change, as comparable JSON (media by id only; job PDFs by length): a refused
 * call must leave it exactly as it was.
 */
export async function snapshot(db: Db): Promise<string> {
  const queries = [
    "select * from manga order by id",
    "select * from manga_genres order by manga_id, genre",
    "select * from chapters order by id",
    "select * from chapter_pages order by chapter_id, page_number",
    "select id, chapter_id, attempts, locked_at, locked_by, accept_when_ready, length(pdf) as bytes from chapter_jobs order by id",
    "select id from media order by id",
    "select * from media_variants order by source_id, width",
    "select * from favorites order by user_id, manga_id",
    "select * from notifications order by id",
    "select * from audit_log order by id",
    "select id, trusted, role from users order by id",
  ];
  const parts: unknown[] = [];
  for (const q of queries) parts.push((await db.execute(sql.raw(q))).rows);
  return JSON.stringify(parts);
}

/** The media ids a chapter's pages use (reading image and variants). */
export async function pageMediaIds(db: Db, chapterId: number): Promise<string[]> {
  const rows = await db.select().from(chapterPages).where(eq(chapterPages.chapterId, chapterId));
  return rows.flatMap((r) => [r.imageId, r.image350Id, r.image500Id, r.image700Id]).filter((id): id is string => typeof id === "string");
}

/** Arabic script somewhere in the text. */
export const ARABIC = /[\u0600-\u06FF]/;
