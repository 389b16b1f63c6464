/**
 * PDF ingestion benchmark (not run by tests): `npx tsx scripts/bench-pdf.ts [options]`
 *
 * Builds (once, cached in the temp directory) a PDF close to the 50 MB upload cap: by default 120 pages of
 * photo-like JPEGs at the spec's recommended 2049x1398 px. Each measurement then runs in a fresh child
 * process so that its peak RSS is its own:
 *   raster      rasterizePdf (worker threads, default concurrency): render at reading width + encode 4 JPEGs
 *   ingest      ingestChapterPdf: the above plus storing media and page rows in one transaction, into a
 *               throw-away file-backed PGlite (the default deployment), or the Postgres named by --database-url
 *   in-process  rasterizePdf on the calling thread (the fallback when the worker script is not on disk)
 *   one-worker  rasterizePdf with a single worker thread
 * "pages/s per core" is pages divided by the CPU seconds the whole process (all threads) used, so it does not
 * depend on how busy the machine is; wall-clock pages/s is printed beside it.
 *
 * Options: --pages N (120)  --target-mb M (48)  --modes raster,ingest,...  --concurrency N  --rebuild
 *          --database-url postgresql://... (ingest mode; a fresh database is created and dropped on it)
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

interface Figures {
  mode: string;
  pages: number;
  workers: number;
  wallSeconds: number;
  cpuSeconds: number;
  /** RSS just before the measured run (modules loaded, database open, PDF read). */
  startRssMb: number;
  peakRssMb: number;
  outputMb: number;
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
  const pdf = new Uint8Array(fs.readFileSync(file));
  const workers = mode === "in-process" ? 0 : mode === "one-worker" ? 1 : (concurrency ?? defaultPdfConcurrency());
  let run: () => Promise<{ pages: number; outputBytes: number }>;
  let cleanup = async () => {};
  if (mode === "ingest") {
    const { openScratchDatabase } = await import("@/db/scratch");
    cleanup = await openScratchDatabase({ serverUrl: arg("database-url"), prefix: "bench_pdf" });
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
      return { pages: pages.length, outputBytes };
    };
  }
  const startRssMb = process.memoryUsage().rss / (1024 * 1024);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const { pages, outputBytes } = await run();
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
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    outputMb: outputBytes / (1024 * 1024),
  };
}

function runChild(mode: Mode, file: string, concurrency: number | undefined): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const databaseUrl = arg("database-url");
    const args = [
      "--child", mode, "--file", file,
      ...(concurrency ? ["--concurrency", String(concurrency)] : []),
      ...(databaseUrl ? ["--database-url", databaseUrl] : []),
    ];
    const child = fork(fileURLToPath(import.meta.url), args, { execArgv: process.execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let figures: Figures | undefined;
    child.on("message", (message: Figures) => {
      figures = message;
    });
    child.on("error", reject);
    child.on("exit", (code) => (figures ? resolve(figures) : reject(new Error(`${mode}: child exited with ${code}`))));
  });
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

  const pages = Number(arg("pages") ?? 120);
  const targetBytes = Number(arg("target-mb") ?? 48) * 1024 * 1024;
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
  console.log("\nmode          workers  pages  wall s  pages/s  CPU s  pages/s per core  start RSS MB  peak RSS MB  output MB");
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
        r.startRssMb.toFixed(0).padStart(13),
        r.peakRssMb.toFixed(0).padStart(12),
        (r.outputMb ? r.outputMb.toFixed(1) : "-").padStart(10),
      ].join(" "),
    );
  }
  console.log("\ntargets: >= 4 pages/s per core at reading width (1400 px), <= 1024 MB peak RSS for a ~50 MB PDF");
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
