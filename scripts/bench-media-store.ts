/**
 * Media store benchmark (not run by tests): `npx tsx scripts/bench-media-store.ts [--database-url URL] [--pages N] [--requests N]`
 *
 * Ingests one chapter with MEDIA_STORE=db and one with MEDIA_STORE=s3 (s3rver, the npm S3-compatible server, on a free
 * port with its bucket in a temporary folder), and reports for each: ingestion time, growth of the media table in
 * PostgreSQL, and `/media/{id}` throughput and latency (the route handler called in-process, 10 at a time, bodies read).
 * s3rver is a single-process file-system fake: its numbers bound the driver's overhead, not a real S3's.
 * Database: --database-url (or TEST_DATABASE_URL) for a scratch database on that server, else in-memory PGlite.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openScratchDatabase } from "@/db/scratch";
import { photo } from "@/tests/fixtures/images";

const { values } = parseArgs({
  options: { "database-url": { type: "string" }, pages: { type: "string", default: "20" }, requests: { type: "string", default: "400" } },
});
const PAGES = Number(values.pages);
const REQUESTS = Number(values.requests);
const CONCURRENCY = 10;

type S3rverClass = new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

async function main(): Promise<void> {
  const drop = await openScratchDatabase({ serverUrl: values["database-url"] ?? process.env.TEST_DATABASE_URL, prefix: "bench_media", pglite: "memory" });
  const directory = await mkdtemp(path.join(os.tmpdir(), "s3rver-bench-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: "bench" }] });
  const { port } = await server.run();
  Object.assign(process.env, {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: "bench",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "1",
  });
  const { getDb, closeDb } = await import("@/db/client");
  const { chapters, manga } = await import("@/db/schema");
  const { ingestChapterImages } = await import("@/server/chapters/ingest/ingest-images");
  const { GET } = await import("@/app/media/[id]/route");
  const db = await getDb();

  const files = await Promise.all(
    Array.from({ length: PAGES }, (_, i) => photo({ width: 1400, height: 2000, colour: [40 + i * 7, 120, 200 - i * 5], grain: 30, blur: 0.8 })),
  );
  const mediaBytes = async () => Number((await db.execute<{ n: string }>(sql`select pg_total_relation_size('media') as n`)).rows[0]?.n ?? 0);

  console.log(`${PAGES} pages of 1400 × 2000 (photo-like), ${REQUESTS} GETs of their reading images, ${CONCURRENCY} at a time`);
  for (const driver of ["db", "s3"] as const) {
    process.env.MEDIA_STORE = driver;
    const [m] = await db.insert(manga).values({ title: `bench ${driver}` }).returning({ id: manga.id });
    const [c] = await db.insert(chapters).values({ mangaId: m!.id, title: "1", number: 1 }).returning({ id: chapters.id });
    const before = await mediaBytes();
    // Different pixels per driver, so neither run finds the other's media already stored.
    const input = await Promise.all(files.map(async (f, i) => (driver === "db" ? f : photo({ width: 1400, height: 2000, colour: [30 + i * 7, 110, 190 - i * 5], grain: 30, blur: 0.8 }))));
    let t = performance.now();
    const result = await ingestChapterImages({ db, chapterId: c!.id, files: input });
    const ingestMs = performance.now() - t;
    const growth = (await mediaBytes()) - before;
    const ids = result.pages.map((p) => p.imageId);

    const latencies: number[] = [];
    let bytes = 0;
    let next = 0;
    t = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const id = ids[next++ % ids.length]!;
          const start = performance.now();
          const res = await GET(new Request(`http://localhost/media/${id}`), { params: Promise.resolve({ id }) });
          if (res.status !== 200) throw new Error(`GET ${id}: ${res.status}`);
          const length = (await res.arrayBuffer()).byteLength;
          if (String(length) !== res.headers.get("content-length")) throw new Error(`GET ${id}: ${length} bytes, not ${res.headers.get("content-length")}`);
          bytes += length;
          latencies.push(performance.now() - start);
        }
      }),
    );
    const totalMs = performance.now() - t;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
    console.log(
      `MEDIA_STORE=${driver}: ingest ${(ingestMs / 1000).toFixed(2)} s; media table +${(growth / 1024 / 1024).toFixed(2)} MB; ` +
        `GET ${(REQUESTS / (totalMs / 1000)).toFixed(0)} req/s, ${((bytes / 1024 / 1024) / (totalMs / 1000)).toFixed(0)} MB/s, p50 ${pct(50)} ms, p99 ${pct(99)} ms`,
    );
  }
  await closeDb();
  await server.close();
  await rm(directory, { recursive: true, force: true });
  await drop();
}

await main();
