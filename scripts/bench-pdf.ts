/**
 * PDF ingestion benchmark (only its smoke size, --smoke, runs in the tests): `npx tsx scripts/bench-pdf.ts [options]`
 *
 * Builds (once, cached in the temp directory) a PDF close to the 50 MB upload cap: by default 120 pages of
 * photo-like JPEGs at the spec's recommended 2049x1398 px. Each measurement then runs in a fresh child
 * process so that its peak RSS is its own:
 *   raster      rasterizePdf (worker threads, default concurrency): render at reading width + encode 4 JPEGs
 *   ingest      ingestChapterPdf: the above plus storing media and page rows in one transaction, into a
 *               throw-away PGlite data directory (what `npm start` uses), or the Postgres named by --database-url.
 *               The directory is created and migrated by a separate process first (scripts/migrate.ts), as on
 *               a server that has started before: PGlite's one-off initdb peaks far above a running server and
 *               would otherwise be counted in this process's peak RSS.
 *   in-process  rasterizePdf on the calling thread (the fallback when the worker script is not on disk)
 *   one-worker  rasterizePdf with a single worker thread
 * "pages/s per core" is pages divided by the CPU seconds the whole process (all threads) used, so it does not
 * depend on how busy the machine is; wall-clock pages/s is printed beside it.
 *
 * Options: --pages N (120)  --target-mb M (48)  --modes raster,ingest,...  --concurrency N  --rebuild
 *          --smoke (scripts/bench/smoke.ts: 2 pages, 2 MB)
 *          --database-url postgresql://... (ingest mode; a fresh database is created and dropped on it)
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { EncodedPage } from "@/server/chapters/ingest/types";
import { sized } from "./bench/smoke";

interface Figures {
  mode: string;
  pages: number;
  workers: number;
  wallSeconds: number;
  cpuSeconds: number;
  /** RSS just before the measured run (modules loaded, database open and settled, PDF read). */
  startRssMb: number;
  /** The process's peak before the run: loading modules and opening the database (see settle()). */
  startupPeakRssMb: number;
  /** The peak while the run itself lasted (the high-water mark is reset just before it, on Linux). */
  peakRssMb: number;
  outputMb: number;
  /** Mean bytes of each render-width variant over the base64 length of the page's reading JPEG (raster modes). */
  variantRatios?: Record<string, number>;
}

const MODES = ["raster", "ingest", "in-process", "one-worker"] as const;
type Mode = (typeof MODES)[number];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const WIDTH = 2049;
const HEIGHT = 1398;

/** A photo-like page: smooth large-scale colour variation plus blurred grain, as JPEG at `quality`. */
async function photoPage(seed: number, quality: number): Promise<Buffer> {
  let state = seed * 2654435761 + 1;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const coarse = Buffer.alloc(8 * 6 * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = Math.floor(40 + random() * 180);
  const base = await sharp(coarse, { raw: { width: 8, height: 6, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 45 } },
  })
    .blur(0.8)
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(base, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality })
    .toBuffer();
}

async function buildBenchPdf(file: string, pages: number, targetBytes: number): Promise<void> {
  const { buildPdfFromImages } = await import("@/server/chapters/ingest/build-pdf");
  // Pick the JPEG quality that puts one page near its share of the target size.
  const share = targetBytes / pages;
  let lo = 30;
  let hi = 95;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await photoPage(0, mid)).byteLength > share) hi = mid;
    else lo = mid;
  }
  console.log(`building a ${pages}-page PDF of ${WIDTH}x${HEIGHT} JPEGs at quality ${lo} (cached in ${file}) ...`);
  const images: Buffer[] = [];
  for (let i = 0; i < pages; i++) images.push(await photoPage(i, lo));
  const pdf = await buildPdfFromImages(images);
  fs.writeFileSync(file, pdf);
}

async function measure(mode: Mode, file: string, concurrency: number | undefined): Promise<Figures> {
  const { rasterizePdf, defaultPdfConcurrency } = await import("@/server/chapters/ingest/rasterize-pdf");
  const pdf: Uint8Array = fs.readFileSync(file); // one copy, as an upload handler holds it
  const workers = mode === "in-process" ? 0 : mode === "one-worker" ? 1 : (concurrency ?? defaultPdfConcurrency());
  let run: () => Promise<{ pages: number; outputBytes: number; variantRatios?: Record<string, number> }>;
  let cleanup = async () => {};
  if (mode === "ingest") {
    const pgliteDir = arg("pglite-dir");
    if (pgliteDir) {
      delete process.env.DATABASE_URL;
      process.env.PGLITE_DIR = pgliteDir;
    } else {
      const { openScratchDatabase } = await import("@/db/scratch");
      cleanup = await openScratchDatabase({ serverUrl: arg("database-url"), prefix: "bench_pdf" });
    }
    const { getDb, closeDb } = await import("@/db/client");
    const { createChapter } = await import("@/tests/fixtures/chapters");
    const { ingestChapterPdf } = await import("@/server/chapters/ingest/ingest-pdf");
    const db = await getDb();
    const chapterId = await createChapter(db, { title: "bench" });
    run = async () => {
      const result = await ingestChapterPdf({ db, chapterId, pdf, concurrency: workers });
      await closeDb();
      return { pages: result.pageCount, outputBytes: 0 };
    };
  } else {
    run = async () => {
      const pages = await rasterizePdf({ pdf, mode: mode === "in-process" ? "in-process" : "worker", concurrency: workers || 1 });
      const outputBytes = pages.reduce((n, p) => n + p.reading.bytes.byteLength + p.w350.bytes.byteLength + p.w500.bytes.byteLength + p.w700.bytes.byteLength, 0);
      const ratio = (pick: (p: EncodedPage) => Buffer) =>
        pages.reduce((n, p) => n + pick(p).byteLength / (4 * Math.ceil(p.reading.bytes.byteLength / 3)), 0) / pages.length;
      return { pages: pages.length, outputBytes, variantRatios: { 350: ratio((p) => p.w350.bytes), 500: ratio((p) => p.w500.bytes), 700: ratio((p) => p.w700.bytes) } };
    };
  }
  const startupPeakRssMb = await settle();
  resetPeakRss();
  const startRssMb = process.memoryUsage().rss / (1024 * 1024);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const { pages, outputBytes, variantRatios } = await run();
  const wallSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await cleanup();
  return {
    mode,
    pages,
    workers,
    wallSeconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    startRssMb,
    startupPeakRssMb,
    peakRssMb: peakRss(),
    outputMb: outputBytes / (1024 * 1024),
    variantRatios,
  };
}

/** Peak RSS of this process in MB (Linux: VmHWM, which resetPeakRss() can reset; elsewhere ru_maxrss). */
function peakRss(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
    if (match) return Number(match[1]) / 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS / 1024;
}

function resetPeakRss(): void {
  try {
    fs.writeFileSync("/proc/self/clear_refs", "5"); // Linux ≥ 4.0: resets the peak RSS to the current RSS
  } catch {
    // not Linux: the figures then include start-up
  }
}

/**
 * Waits until the process's peak RSS has not grown for 2 s (at most 20 s) and returns it. Opening PGlite
 * starts V8 compiling its Postgres WebAssembly with the optimising tier in the background, a transient of
 * ~500 MB within a few seconds of opening; a server pays it once at start-up, so it is reported apart from
 * the ingestion's own peak instead of being mixed into it.
 */
async function settle(): Promise<number> {
  const started = performance.now();
  let peak = peakRss();
  let quietSince = performance.now();
  while (performance.now() - quietSince < 2_000 && performance.now() - started < 20_000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = peakRss();
    if (now > peak) {
      peak = now;
      quietSince = performance.now();
    }
  }
  return peak;
}

async function runChild(mode: Mode, file: string, concurrency: number | undefined): Promise<Figures> {
  const databaseUrl = arg("database-url");
  const pgliteDir = mode === "ingest" && !databaseUrl ? await preparePgliteDir() : undefined;
  try {
    return await new Promise((resolve, reject) => {
      const args = [
        "--child", mode, "--file", file,
        ...(concurrency ? ["--concurrency", String(concurrency)] : []),
        ...(databaseUrl ? ["--database-url", databaseUrl] : []),
        ...(pgliteDir ? ["--pglite-dir", pgliteDir] : []),
      ];
      const child = fork(fileURLToPath(import.meta.url), args, { execArgv: process.execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
      let figures: Figures | undefined;
      child.on("message", (message: Figures) => {
        figures = message;
      });
      child.on("error", reject);
      child.on("exit", (code) => (figures ? resolve(figures) : reject(new Error(`${mode}: child exited with ${code}`))));
    });
  } finally {
    if (pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
}

/** A fresh PGlite data directory, created and migrated by `scripts/migrate.ts` in a process of its own. */
async function preparePgliteDir(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pdf-pglite-"));
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrate.ts");
  await new Promise<void>((resolve, reject) => {
    const child = fork(script, [], {
      execArgv: process.execArgv,
      env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: dir },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`migrating ${dir} failed (exit ${code})`))));
  });
  return dir;
}

async function main(): Promise<void> {
  const concurrencyArg = arg("concurrency");
  const concurrency = concurrencyArg ? Number(concurrencyArg) : undefined;
  const childMode = arg("child");
  if (childMode) {
    const file = arg("file");
    if (!file || !MODES.includes(childMode as Mode)) throw new Error("bad child arguments");
    const figures = await measure(childMode as Mode, file, concurrency);
    process.send?.(figures);
    return;
  }

  const pages = Number(arg("pages") ?? sized(120, 2));
  const targetBytes = Number(arg("target-mb") ?? sized(48, 2)) * 1024 * 1024;
  const modes = (arg("modes") ?? "raster,ingest").split(",").filter((m): m is Mode => MODES.includes(m as Mode));
  const file = path.join(os.tmpdir(), `manga-bench-${pages}p-${Math.round(targetBytes / 1024)}k.pdf`);
  if (!fs.existsSync(file) || process.argv.includes("--rebuild")) await buildBenchPdf(file, pages, targetBytes);
  const size = fs.statSync(file).size;
  console.log(
    `PDF: ${file}\n  ${pages} pages of ${WIDTH}x${HEIGHT} px, ${(size / (1024 * 1024)).toFixed(1)} MB; ` +
      `${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
  );
  const rows: Figures[] = [];
  for (const mode of modes) {
    process.stdout.write(`  measuring ${mode} ...\n`);
    rows.push(await runChild(mode, file, concurrency));
  }
  console.log("\nmode          workers  pages  wall s  pages/s  CPU s  pages/s per core  start-up peak MB  RSS before MB  peak RSS MB  output MB");
  for (const r of rows) {
    console.log(
      [
        r.mode.padEnd(12),
        String(r.workers || "main").padStart(8),
        String(r.pages).padStart(6),
        r.wallSeconds.toFixed(1).padStart(7),
        (r.pages / r.wallSeconds).toFixed(2).padStart(8),
        r.cpuSeconds.toFixed(1).padStart(6),
        (r.pages / r.cpuSeconds).toFixed(2).padStart(17),
        r.startupPeakRssMb.toFixed(0).padStart(16),
        r.startRssMb.toFixed(0).padStart(14),
        r.peakRssMb.toFixed(0).padStart(12),
        (r.outputMb ? r.outputMb.toFixed(1) : "-").padStart(10),
      ].join(" "),
    );
  }
  for (const r of rows) {
    if (!r.variantRatios) continue;
    const ratios = Object.entries(r.variantRatios).map(([w, x]) => `${w} px ${(x * 100).toFixed(1)} %`);
    console.log(`${r.mode}: variant bytes / base64 of the reading JPEG, mean: ${ratios.join(", ")}`);
  }
  console.log(
    "\npeak RSS is the process's peak during the run (the high-water mark is reset after start-up settles);" +
      "\nstart-up peak is everything before it, including PGlite's one-off WebAssembly compilation",
  );
  console.log("targets: >= 4 pages/s per core at reading width (1400 px), <= 1024 MB peak RSS for a ~50 MB PDF");
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
