/**
 * A site's day in a minute (issue 18's mixed load): visitors browsing, readers reading and favouriting, writers
 * uploading, as many concurrent users as asked, each with its own loopback source address (127.x.y.z) so per-address
 * limits and view de-duplication see different people behind the load balancer (TRUST_PROXY_HOPS=1).
 *
 * `prepareWorld` makes the people in the database (readers, writers with a manga each) and picks what they read;
 * `runMixedLoad` drives them for a while and records every answer; `verifyWorld` then checks, in the database, that
 * every acknowledged write is there: each favourite in its last acknowledged state and each manga's counter equal to
 * its rows, each chapter's views raised by exactly the readers acknowledged as viewing it, each acknowledged upload
 * stored with its pages. Used by scripts/bench/cluster.ts.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { gunzipSync } from "node:zlib";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chapterPages, chapters, favorites, manga } from "../../db/schema";
import { Role, Status } from "../../lib/enums";
import { createTestUser } from "../../server/auth/testing";
import { signAccessToken } from "../../server/auth/access-token";
import { photo } from "../../tests/fixtures/images";
import { quantile } from "./timing";

export interface World {
  readers: Array<{ id: number; token: string }>;
  writers: Array<{ id: number; token: string; mangaId: number }>;
  /** Accepted, free chapters of accepted manga, with their manga. */
  chapters: Array<{ id: number; mangaId: number }>;
  mangaIds: number[];
  coverUrls: string[];
  viewsBefore: Map<number, number>;
  /** Each manga's stored favourite counter minus its favourite rows before the load (the demo seed sets counters). */
  counterOffsets: Map<number, number>;
}

/** People and things to read, on the cluster's database (tokens signed with the deployment's AUTH_SECRET, set in env). */
export async function prepareWorld(db: Db, base: string, opts: { readers: number; writers: number }): Promise<World> {
  const people = async (n: number, role: Role) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const user = await createTestUser(db, { role, passwordHash: "x", password: "unused" });
        return { id: user.id, token: (await signAccessToken({ userId: user.id, role })).token };
      }),
    );
  const readers = await people(opts.readers, Role.reader);
  const writerAccounts = await people(opts.writers, Role.writer);
  const writers = [];
  for (const w of writerAccounts) {
    const [m] = await db
      .insert(manga)
      .values({ title: `Load test ${w.id}`, description: "Uploaded to by the mixed load.", authorId: w.id, status: Status.Accepted, searchText: `load test ${w.id}` })
      .returning({ id: manga.id });
    writers.push({ ...w, mangaId: m!.id });
  }
  const readable = await db
    .select({ id: chapters.id, mangaId: chapters.mangaId, views: chapters.views })
    .from(chapters)
    .innerJoin(manga, eq(manga.id, chapters.mangaId))
    .where(and(eq(chapters.status, Status.Accepted), eq(manga.status, Status.Accepted), eq(chapters.isPremium, false), sql`${chapters.publishAt} is null or ${chapters.publishAt} <= now()`))
    .limit(200);
  const list = (await (await fetch(`${base}/api/manga/PaginatedManga?page=1&pageSize=50&imageFormat=url`)).json()) as { data: { items: Array<{ id: number; coverImageUrl: string | null }> } };
  const mangaIds = list.data.items.map((m) => m.id);
  return {
    readers,
    writers,
    chapters: readable.map(({ id, mangaId }) => ({ id, mangaId })),
    mangaIds,
    coverUrls: list.data.items.map((m) => m.coverImageUrl).filter((u): u is string => Boolean(u)),
    viewsBefore: new Map(readable.map((c) => [c.id, c.views])),
    counterOffsets: new Map((await favouriteCounters(db, mangaIds)).map((c) => [c.id, c.stored - c.real])),
  };
}

/** Each manga's stored favourite counter and its number of favourite rows. */
async function favouriteCounters(db: Db, ids: number[]) {
  return ids.length
    ? db
        .select({ id: manga.id, stored: manga.favorites, real: sql<number>`(select count(*)::int from ${favorites} f where f.manga_id = ${manga.id})` })
        .from(manga)
        .where(inArray(manga.id, ids))
    : [];
}

export interface Answer {
  kind: "page" | "api" | "write" | "upload" | "media";
  status: number;
  ms: number;
  at: number;
  /** An /api answer that is not the envelope (JSON with a numeric statusCode). */
  bare: boolean;
  /** What was asked, for a per-route breakdown: the API route's last segment, a page's shape, "media" or "upload". */
  label: string;
  /** A page's X-Page-Cache (HIT, STALE, MISS), when it came through the page cache. */
  cache?: string;
}

export interface LoadResult {
  answers: Answer[];
  /** Acknowledged writes. */
  favourites: Map<string, boolean>;
  views: Set<string>;
  uploads: Array<{ chapterId: number; pages: number }>;
}

export interface LoadOptions {
  base: string;
  world: World;
  seconds: number;
  visitors: number;
  /** Pause between one user's actions (uniform in [min, max] ms): people read before they click. */
  thinkMs?: [number, number];
  /** A writer's pause between two chapter uploads (uniform in [min, max] ms). */
  uploadEveryMs?: [number, number];
  /** Called once a second (e.g. to restart the database mid-run); `elapsed` is the clock answers' `at` is read on. */
  onSecond?: (second: number, elapsed: () => number) => void | Promise<void>;
  /** Everyone starts at second 0 (a cold start under a crowd) instead of somewhere in their first pause. */
  burst?: boolean;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request from one address; never throws (a failed connection is status 0). */
function send(agent: http.Agent, base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer; timeoutMs?: number } = {}): Promise<{ status: number; body: string; ms: number; label: string; cache?: string }> {
  const t0 = performance.now();
  const label = labelOf(path);
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const req = http.request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: init.method ?? "GET", agent, headers: { "accept-encoding": "gzip", ...init.headers }, timeout: init.timeoutMs ?? 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const ms = performance.now() - t0;
          // As a browser asks (gzip); only API answers are read (their envelope), so only they are inflated.
          const raw = Buffer.concat(chunks);
          const api = path.startsWith("/api/");
          const bytes = api && res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, body: api ? bytes.toString() : "", ms, label, cache: res.headers["x-page-cache"] as string | undefined });
        });
        res.on("error", () => resolve({ status: 0, body: "", ms: performance.now() - t0, label }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, body: "", ms: performance.now() - t0, label }));
    req.end(init.body);
  });
}

/** `/api/manga/ToggleFavorite` → "ToggleFavorite", `/ar/discovery/manga/7` → "page /ar/discovery/manga/:id", `/media/…` → "media". */
export function labelOf(path: string): string {
  const bare = path.split("?")[0]!;
  if (bare.startsWith("/api/")) return bare.split("/").at(-1)!;
  if (bare.startsWith("/media/")) return "media";
  return `page ${bare.replace(/\/\d+(?=\/|$)/g, "/:id")}`;
}

function isEnvelope(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { statusCode?: unknown };
    return typeof parsed.statusCode === "number";
  } catch {
    return false;
  }
}

function multipart(fields: Record<string, string>, files: Array<{ name: string; filename: string; type: string; bytes: Buffer }>): { body: Buffer; type: string } {
  const boundary = `----mixedload${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** The source address of user i: 127.1.0.2, 127.1.0.3, … (all on the loopback interface). */
const addressOf = (i: number) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 2}`;

export async function runMixedLoad(opts: LoadOptions): Promise<LoadResult> {
  const { base, world, seconds, visitors } = opts;
  const [thinkMin, thinkMax] = opts.thinkMs ?? [300, 1500];
  const [uploadMin, uploadMax] = opts.uploadEveryMs ?? [10_000, 20_000];
  const result: LoadResult = { answers: [], favourites: new Map(), views: new Set(), uploads: [] };
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const record = (kind: Answer["kind"], r: { status: number; body: string; ms: number; label: string; cache?: string }, api: boolean) =>
    result.answers.push({ kind, status: r.status, ms: r.ms, at: performance.now() - start, bare: api && r.status !== 0 && !isEnvelope(r.body), label: r.label, cache: r.cache });
  const think = () => sleep(thinkMin + Math.random() * (thinkMax - thinkMin));
  const pages = [
    "/", "/ar", "/discovery", "/ar/discovery", "/discovery?page=2", "/discovery?genre=Action",
    ...world.mangaIds.slice(0, 20).flatMap((id) => [`/discovery/manga/${id}`, `/ar/discovery/manga/${id}`]),
  ];
  const pagesOfUpload = await Promise.all([photo({ width: 500, height: 720, colour: [90, 60, 140] }), photo({ width: 500, height: 720, colour: [30, 140, 90] })]);

  let user = 0;
  const agents: http.Agent[] = [];
  const agentFor = () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: addressOf(user++) });
    agents.push(agent);
    return agent;
  };

  const visitor = async () => {
    const agent = agentFor();
    while (performance.now() < deadline) {
      const roll = Math.random();
      if (roll < 0.45) record("page", await send(agent, base, pick(pages)), false);
      else if (roll < 0.75) record("api", await send(agent, base, `/api/manga/PaginatedManga?page=${1 + Math.floor(Math.random() * 3)}&pageSize=20&imageFormat=url`), true);
      else if (roll < 0.9) record("api", await send(agent, base, `/api/manga/GetMangaById?mangaId=${pick(world.mangaIds)}&imageFormat=url`), true);
      else if (world.coverUrls.length) record("media", await send(agent, base, `${pick(world.coverUrls)}?w=320`), false);
      await think();
    }
  };

  const reader = async (me: World["readers"][number]) => {
    const agent = agentFor();
    const auth = { authorization: `Bearer ${me.token}`, "content-type": "application/json" };
    while (performance.now() < deadline) {
      const chapter = pick(world.chapters);
      record("api", await send(agent, base, `/api/chapter/PaginatedChapterImagePages?chapterId=${chapter.id}&pageNumber=1&pageSize=5&imageFormat=url`, { headers: auth }), true);
      const view = await send(agent, base, "/api/chapter/RecordView", { method: "POST", headers: auth, body: Buffer.from(JSON.stringify({ chapterId: chapter.id })) });
      record("write", view, true);
      if (view.status === 200) result.views.add(`${me.id}:${chapter.id}`);
      if (Math.random() < 0.3) {
        const mangaId = pick(world.mangaIds);
        const toggled = await send(agent, base, "/api/manga/ToggleFavorite", { method: "POST", headers: auth, body: Buffer.from(JSON.stringify({ mangaId })) });
        record("write", toggled, true);
        if (toggled.status === 200) result.favourites.set(`${me.id}:${mangaId}`, (JSON.parse(toggled.body) as { data: { isFavorite: boolean } }).data.isFavorite);
      }
      await think();
    }
  };

  const writer = async (me: World["writers"][number]) => {
    const agent = agentFor();
    let n = 0;
    while (performance.now() < deadline) {
      const form = multipart({ mangaId: String(me.mangaId), title: `Chapter ${++n} of ${me.id}` }, pagesOfUpload.map((bytes, i) => ({ name: "pages", filename: `p${i + 1}.jpg`, type: "image/jpeg", bytes })));
      const answer = await send(agent, base, "/api/chapter/SubmitChapter", { method: "POST", headers: { authorization: `Bearer ${me.token}`, "content-type": form.type }, body: form.body, timeoutMs: 120_000 });
      record("upload", answer, true);
      if (answer.status === 200) result.uploads.push({ chapterId: (JSON.parse(answer.body) as { data: { id: number } }).data.id, pages: pagesOfUpload.length });
      await sleep(Math.min(uploadMin + Math.random() * (uploadMax - uploadMin), Math.max(0, deadline - performance.now())));
    }
  };

  let ticking = true;
  const ticker = (async () => {
    for (let s = 1; ticking && s <= seconds; s++) {
      await sleep(Math.max(0, start + s * 1000 - performance.now()));
      if (ticking) await opts.onSecond?.(s, () => performance.now() - start);
    }
  })();
  // Concurrent users in a steady state are each somewhere in their own cycle, not all at its start: each one begins
  // after a random part of its first pause (a writer's first upload comes somewhere in its first upload interval), so
  // second 0 is not a burst of 200 simultaneous first requests and 20 simultaneous uploads. `--burst` starts everyone
  // at once (a cold start under a crowd).
  const firstPause = (maxMs: number) => (opts.burst ? Promise.resolve() : sleep(Math.random() * maxMs));
  await Promise.all([
    ...Array.from({ length: visitors }, () => firstPause(thinkMax).then(visitor)),
    ...world.readers.map((me) => firstPause(thinkMax).then(() => reader(me))),
    ...world.writers.map((me) => firstPause(uploadMax).then(() => writer(me))),
  ]);
  ticking = false;
  await ticker;
  for (const agent of agents) agent.destroy();
  return result;
}

export interface Verification {
  lostFavourites: number;
  wrongCounters: number;
  lostViews: number;
  extraViews: number;
  lostUploads: number;
}

/** Every acknowledged write against the database (exact counts when no write failed mid-way). */
export async function verifyWorld(db: Db, world: World, result: LoadResult): Promise<Verification> {
  let lostFavourites = 0;
  const readerIds = world.readers.map((r) => r.id);
  const rows = readerIds.length ? await db.select({ userId: favorites.userId, mangaId: favorites.mangaId }).from(favorites).where(inArray(favorites.userId, readerIds)) : [];
  const present = new Set(rows.map((r) => `${r.userId}:${r.mangaId}`));
  for (const [key, isFavorite] of result.favourites) if (present.has(key) !== isFavorite) lostFavourites += 1;
  const counters = await favouriteCounters(db, world.mangaIds);
  // A counter moves exactly with its rows: the offset the seed left is unchanged.
  const wrongCounters = counters.filter((c) => c.stored - c.real !== (world.counterOffsets.get(c.id) ?? 0)).length;

  const expected = new Map<number, number>();
  for (const key of result.views) {
    const chapterId = Number(key.split(":")[1]);
    expected.set(chapterId, (expected.get(chapterId) ?? 0) + 1);
  }
  let lostViews = 0;
  let extraViews = 0;
  const ids = [...world.viewsBefore.keys()];
  const now = ids.length ? await db.select({ id: chapters.id, views: chapters.views }).from(chapters).where(inArray(chapters.id, ids)) : [];
  for (const c of now) {
    const delta = c.views - (world.viewsBefore.get(c.id) ?? 0);
    const want = expected.get(c.id) ?? 0;
    if (delta < want) lostViews += want - delta;
    if (delta > want) extraViews += delta - want;
  }

  let lostUploads = 0;
  const uploaded = result.uploads.map((u) => u.chapterId);
  const stored = uploaded.length
    ? await db.select({ id: chapterPages.chapterId, n: count() }).from(chapterPages).where(inArray(chapterPages.chapterId, uploaded)).groupBy(chapterPages.chapterId)
    : [];
  const pagesOf = new Map(stored.map((s) => [s.id, s.n]));
  for (const u of result.uploads) if ((pagesOf.get(u.chapterId) ?? 0) !== u.pages) lostUploads += 1;
  return { lostFavourites, wrongCounters, lostViews, extraViews, lostUploads };
}

/** Latency of each kind of request (by `label`), slowest p99 first. */
export function byLabel(answers: Answer[]) {
  const groups = new Map<string, Answer[]>();
  for (const a of answers) {
    const list = groups.get(a.label);
    if (list) list.push(a);
    else groups.set(a.label, [a]);
  }
  return [...groups].map(([label, list]) => ({ label, ...summarize(list), misses: list.filter((a) => a.cache === "MISS").length })).sort((a, b) => b.p99 - a.p99);
}

/** Latency and outcome summary of some answers. */
export function summarize(answers: Answer[]) {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    count: answers.length,
    p50: quantile(ms, 0.5),
    p99: quantile(ms, 0.99),
    ok: answers.filter((a) => a.status >= 200 && a.status < 400).length,
    unavailable: answers.filter((a) => a.status === 503).length,
    failed: answers.filter((a) => a.status === 0 || (a.status >= 400 && a.status !== 503)).length,
    serverErrors: answers.filter((a) => a.status >= 500 && a.status !== 503).length,
    bare: answers.filter((a) => a.bare).length,
  };
}
