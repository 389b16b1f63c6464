/**
 * The bare baseline: node:http + pg, no framework, running exactly the SQL that listManga runs for the same
 * request (captured with listMangaStatements, with the plan listManga picks), in the same way
 * (public counts kept COUNT_TTL_MS; with a search the counts come first, without one both run at once), with the
 * same pool size as the app, answering the same envelope. The app's overhead is whatever it costs beyond this.
 * It runs in a process of its own (spawnBaseline), as the app does: in the benchmark's process it would share an event
 * loop with the load generator, and its CPU could not be told apart from the generator's.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { GENRES } from "../../lib/enums";

export interface CapturedQuery {
  rows: { sql: string; params: unknown[] };
  counts: { sql: string; params: unknown[] };
  /** A search: listManga reads the counts first (to pick the plan), then the rows. */
  search: boolean;
  page: number;
  pageSize: number;
}

type Counts = { display: number; total: number };

export async function startBaseline(
  url: string,
  queries: Map<string, CapturedQuery>,
  poolSize: number,
  countTtlMs: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const countCache = new Map<string, { at: number; value: Counts }>();
  const readCounts = async (key: string, q: CapturedQuery): Promise<Counts> => {
    const hit = countCache.get(key);
    if (hit && Date.now() - hit.at <= countTtlMs) return hit.value;
    const r = await pool.query({ text: q.counts.sql, values: q.counts.params, rowMode: "array" });
    const value = { display: Number(r.rows[0]?.[0] ?? 0), total: Number(r.rows[0]?.[1] ?? 0) };
    countCache.set(key, { at: Date.now(), value });
    return value;
  };
  const readRows = (q: CapturedQuery) => pool.query({ text: q.rows.sql, values: q.rows.params, rowMode: "array" });
  const server = http.createServer((req, res) => {
    const key = req.url ?? "";
    const q = queries.get(key);
    if (!q) {
      res.writeHead(404).end();
      return;
    }
    const work = q.search
      ? readCounts(key, q).then(async (counts) => [await readRows(q), counts] as const)
      : Promise.all([readRows(q), readCounts(key, q)]);
    work
      .then(([rows, counts]) => {
        const { display, total } = counts;
        const totalPages = Math.max(1, Math.ceil(display / q.pageSize));
        const items = rows.rows.map((r: unknown[]) => ({
          id: r[0],
          title: r[1],
          coverImageUrl: r[2] ? `/media/${String(r[2])}` : null,
          favorites: r[3],
          views: r[4],
          chapterCount: r[5],
          status: r[6],
          publicationStatus: r[9],
          genres: ((r[8] as number[] | null) ?? []).map((g) => GENRES[g]),
          user: { username: r[7] },
        }));
        const body = JSON.stringify({
          statusCode: 1,
          message: "Success",
          data: { items, pageNumber: q.page, pageSize: q.pageSize, totalPages, totalRecords: total, totalDisplayRecords: display, hasPreviousPage: q.page > 1, hasNextPage: q.page < totalPages },
        });
        res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(body);
      })
      .catch((err: unknown) => {
        res.writeHead(500).end(String(err));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

/** The bare baseline in a child process (this file run as a script): its URL, its pid (for its CPU time) and a way to stop it. */
export async function spawnBaseline(
  url: string,
  queries: Map<string, CapturedQuery>,
  poolSize: number,
  countTtlMs: number,
): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bare-"));
  const file = path.join(dir, "queries.json");
  fs.writeFileSync(file, JSON.stringify({ url, queries: [...queries], poolSize, countTtlMs }));
  const child = spawn(process.execPath, ["--import", "tsx", import.meta.filename, file], { stdio: ["ignore", "pipe", "inherit"] });
  const listening = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`the bare baseline exited (${code})`)));
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
  });
  return {
    url: listening,
    pid: child.pid!,
    async close() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === import.meta.filename) {
  const input = JSON.parse(fs.readFileSync(process.argv[2]!, "utf8")) as { url: string; queries: Array<[string, CapturedQuery]>; poolSize: number; countTtlMs: number };
  const server = await startBaseline(input.url, new Map(input.queries), input.poolSize, input.countTtlMs);
  process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
  console.log(`listening ${server.url}`);
}
