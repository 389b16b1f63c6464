import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
// sharp is loaded on the main thread before any worker loads it (libvips initialises once per process).
import "sharp";
import { isPdf } from "@/server/media/sniff";
import type { EncodedImage } from "@/server/media/process-image";
import { IngestError } from "./errors";
import {
  MAX_PDF_PAGES,
  PAGE_JPEG_QUALITY,
  PDF_MAX_BYTES,
  PDF_MAX_IMAGE_PIXELS,
  PDF_MAX_PAGE_HEIGHT,
  PDF_MAX_WORKERS,
  PDF_PAGE_TIMEOUT_MS,
  PDF_WORKER_HEAP_MB,
  READING_WIDTH,
  VARIANT_WIDTHS,
} from "./limits";
import {
  openPdf,
  RasterFailure,
  WORKER_KIND,
  type FromRasterWorker,
  type PdfSession,
  type RasterImage,
  type RasterSettings,
  type RasterWorkerInit,
  type ToRasterWorker,
} from "./pdf-worker";
import type { EncodedPage } from "./types";

export interface RasterizePdfOptions {
  pdf: Uint8Array;
  /** Rasterisation jobs at once (one worker thread each). Default: one per core, at most PDF_MAX_WORKERS. */
  concurrency?: number;
  maxPages?: number;
  pageTimeoutMs?: number;
  /**
   * "worker" (default when the worker script is on disk): worker threads, killable on timeout.
   * "in-process": this thread, one page at a time (used when the worker script cannot be found, e.g. in a bundle).
   */
  mode?: "auto" | "worker" | "in-process";
  signal?: AbortSignal;
  /**
   * Background rendering (a server's job runner): workers run at a lower scheduling priority (nice 10), and the
   * default concurrency leaves one core to the requests (backgroundPdfConcurrency).
   */
  background?: boolean;
}

/** Nice value of background rendering threads. */
export const BACKGROUND_NICE = 10;

/** Workers for background rendering: one core fewer than the machine has (at least one), at most PDF_MAX_WORKERS. */
export function backgroundPdfConcurrency(): number {
  return Math.max(1, Math.min(os.availableParallelism() - 1, PDF_MAX_WORKERS));
}

const SETTINGS: RasterSettings = {
  readingWidth: READING_WIDTH,
  variantWidths: VARIANT_WIDTHS,
  maxPageHeight: PDF_MAX_PAGE_HEIGHT,
  maxImagePixels: PDF_MAX_IMAGE_PIXELS,
  jpegQuality: PAGE_JPEG_QUALITY,
};

export function defaultPdfConcurrency(): number {
  return Math.max(1, Math.min(os.availableParallelism(), PDF_MAX_WORKERS));
}

/** Size and magic-byte checks, before any parsing. */
export function checkPdfBytes(pdf: Uint8Array): void {
  if (pdf.byteLength === 0) throw new IngestError("EMPTY", "The PDF file is empty");
  if (pdf.byteLength > PDF_MAX_BYTES) {
    throw new IngestError("TOO_LARGE", `The PDF is larger than ${PDF_MAX_BYTES / (1024 * 1024)} MB`, { limit: PDF_MAX_BYTES });
  }
  if (!isPdf(pdf)) throw new IngestError("NOT_A_PDF", "The file is not a PDF");
}

/**
 * The cheap checks an upload request can afford before it answers (docs/decisions/013): size and header, then pdf.js
 * opens the document in this thread and looks up its first page (none is rendered) to refuse encrypted, malformed,
 * empty (whatever the page tree's /Count claims) and too-long files.
 * Answers the page count. Rendering problems of single pages can still appear later, in the background job.
 */
export async function inspectPdf(pdf: Uint8Array, maxPages = MAX_PDF_PAGES): Promise<{ pageCount: number }> {
  checkPdfBytes(pdf);
  let session: Awaited<ReturnType<typeof openPdf>>;
  try {
    session = await openPdf(copyBytes(pdf), SETTINGS);
  } catch (err) {
    throw err instanceof RasterFailure ? fromRasterFailure(err) : err;
  }
  try {
    checkPageCount(session.numPages, maxPages);
    // The page tree's /Count is a claim: the first page is looked up now (not drawn), so a PDF without a page is
    // refused in the submit's own answer, not stored as a chapter of one page that never renders (issue 27 item 12).
    // Problems of later pages still surface in the background job, with their page number (ADR 013).
    if (!(await session.hasFirstPage())) throw new IngestError("EMPTY", "The PDF has no pages (its page tree holds none)");
    return { pageCount: session.numPages };
  } finally {
    await session.close().catch(() => undefined);
  }
}

/**
 * Validates a PDF and renders every page once at reading width, encoded into the reading JPEG and the
 * 350/500/700 variants. Throws IngestError (or the signal's reason) and keeps nothing on any failure.
 */
export async function rasterizePdf(opts: RasterizePdfOptions): Promise<EncodedPage[]> {
  checkPdfBytes(opts.pdf);
  opts.signal?.throwIfAborted();
  const maxPages = opts.maxPages ?? MAX_PDF_PAGES;
  const mode = opts.mode ?? "auto";
  const script = mode === "in-process" ? null : workerScript();
  if (mode === "worker" && !script) throw new Error("the PDF worker script was not found");
  // One PDF at a time per process: a single ingestion already keeps every core busy, and this bounds memory
  // (one set of workers) however many uploads arrive together.
  const pages = await oneAtATime(opts.signal, () =>
    script ? rasterizeInWorkers(script, opts, maxPages) : rasterizeInProcess(opts, maxPages),
  );
  return pages.map(toEncodedPage);
}

const QUEUE_KEY = Symbol.for("manga.pdf.rasterize.queue");
type GlobalWithQueue = typeof globalThis & { [QUEUE_KEY]?: { tail: Promise<void> } };

/** Runs `fn` after every earlier call has finished (FIFO, process-wide); an aborted waiter leaves the queue. */
async function oneAtATime<T>(signal: AbortSignal | undefined, fn: () => Promise<T>): Promise<T> {
  const queue = ((globalThis as GlobalWithQueue)[QUEUE_KEY] ??= { tail: Promise.resolve() });
  const previous = queue.tail;
  let release = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  queue.tail = previous.then(() => mine); // the next caller waits for both, even if this one gives up early
  try {
    await untilDoneOrAborted(previous, signal);
    return await fn();
  } finally {
    release();
  }
}

function untilDoneOrAborted(done: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return done;
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    void done.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}

/**
 * A private copy in a fresh ArrayBuffer: pdf.js and postMessage transfer (detach) what they are given, and
 * a Node Buffer's `.slice()` is a view that may share the process-wide pool, which cannot be transferred.
 */
function copyBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

function checkPageCount(numPages: number, maxPages: number): void {
  if (numPages < 1) throw new IngestError("EMPTY", "The PDF has no pages");
  if (numPages > maxPages) {
    throw new IngestError("TOO_MANY_PAGES", `The PDF has ${numPages} pages; at most ${maxPages} are accepted`, { limit: maxPages });
  }
}

function fromRasterFailure(failure: RasterFailure): IngestError {
  return new IngestError(failure.code, failure.message, { pageNumber: failure.pageNumber, cause: failure });
}

function toEncodedPage(images: RasterImage[]): EncodedPage {
  const [reading, w350, w500, w700] = images.map(
    (img): EncodedImage => ({
      bytes: Buffer.isBuffer(img.bytes) ? img.bytes : Buffer.from(img.bytes.buffer, img.bytes.byteOffset, img.bytes.byteLength),
      mime: "image/jpeg",
      width: img.width,
      height: img.height,
    }),
  );
  if (!reading || !w350 || !w500 || !w700) throw new Error("the rasteriser returned too few images");
  return { reading, w350, w500, w700 };
}

/**
 * The worker entry on disk. Next's server bundle moves this module, so the source tree (the app always runs
 * from it: `tsx server/main.ts`) is the fallback; without either, pages are rendered in-process.
 */
function workerScript(): string | null {
  const candidates: string[] = [];
  try {
    candidates.push(path.join(path.dirname(fileURLToPath(import.meta.url)), "pdf-worker.ts"));
  } catch {
    // import.meta.url is not a file URL (bundled)
  }
  candidates.push(path.join(process.cwd(), "server", "chapters", "ingest", "pdf-worker.ts"));
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

// --- in-process ------------------------------------------------------------------------------------------

async function rasterizeInProcess(opts: RasterizePdfOptions, maxPages: number): Promise<RasterImage[][]> {
  let session: PdfSession;
  try {
    session = await openPdf(copyBytes(opts.pdf), SETTINGS);
  } catch (err) {
    throw err instanceof RasterFailure ? fromRasterFailure(err) : err;
  }
  try {
    checkPageCount(session.numPages, maxPages);
    const results: RasterImage[][] = [];
    // Two pages in flight: the next one renders while the previous one encodes.
    let previous: Promise<RasterImage[]> | undefined;
    for (let n = 1; n <= session.numPages; n++) {
      opts.signal?.throwIfAborted();
      const current = session.renderPage(n);
      current.catch(() => undefined);
      if (previous) results.push(await previous);
      previous = current;
    }
    if (previous) results.push(await previous);
    return results;
  } catch (err) {
    throw err instanceof RasterFailure ? fromRasterFailure(err) : err;
  } finally {
    await session.close();
  }
}

// --- worker threads --------------------------------------------------------------------------------------

/** Node 22.18+ and 24 strip TypeScript types by default; older 22.x needs the flag. */
const WORKER_EXEC_ARGV: string[] = process.features.typescript ? [] : ["--experimental-strip-types"];

interface Pending {
  resolve: (images: RasterImage[]) => void;
  reject: (err: unknown) => void;
  timer: NodeJS.Timeout;
}

/** One worker thread holding one open document. */
class RasterWorker {
  readonly opened: Promise<number>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly exited: Promise<void>;
  private readonly timeoutMs: number;
  private openTimer: NodeJS.Timeout | undefined;
  private settleOpen: { resolve: (n: number) => void; reject: (err: unknown) => void } | undefined;
  private failure: unknown;
  private closing = false;
  private started = false;

  constructor(script: string, pdf: Uint8Array, timeoutMs: number, nice?: number) {
    this.timeoutMs = timeoutMs;
    const copy = copyBytes(pdf); // moved to the worker: one copy per worker, none kept here
    const init: RasterWorkerInit = { kind: WORKER_KIND, pdf: copy, settings: SETTINGS, ...(nice ? { nice } : {}) };
    this.worker = new Worker(script, {
      name: "pdf-rasterizer",
      // Plain Node: no loader inherited from the parent (tsx would re-transpile pdf.js in every worker, costing
      // ~200 MB and seconds each); the worker script needs nothing but Node's own type stripping.
      execArgv: WORKER_EXEC_ARGV,
      workerData: init,
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB },
    });
    this.opened = new Promise<number>((resolve, reject) => {
      this.settleOpen = { resolve, reject };
    });
    this.opened.catch(() => undefined);
    this.openTimer = setTimeout(
      () => this.fail(new IngestError("TOO_COMPLEX", "The PDF took too long to open")),
      timeoutMs,
    );
    this.exited = new Promise<void>((resolve) => this.worker.once("exit", () => resolve()));
    this.worker.on("message", (message: FromRasterWorker) => this.onMessage(message));
    this.worker.on("error", (err: Error & { code?: string }) => {
      if (err.code === "ERR_WORKER_OUT_OF_MEMORY") {
        this.fail(new IngestError("TOO_COMPLEX", "The PDF needs too much memory to render", { cause: err }));
      } else if (!this.started) {
        // The worker script or its packages did not load: a deployment problem, not the document's fault.
        this.fail(new Error(`the PDF worker did not start: ${err.message}`, { cause: err }));
      } else {
        this.fail(new IngestError("MALFORMED", `The PDF could not be rendered (${err.message})`, { cause: err }));
      }
    });
    this.worker.on("exit", (code) => {
      if (!this.closing) this.fail(new IngestError("MALFORMED", `The PDF renderer stopped unexpectedly (exit ${code})`));
    });
  }

  private onMessage(message: FromRasterWorker): void {
    switch (message.type) {
      case "started":
        this.started = true;
        return;
      case "opened":
        clearTimeout(this.openTimer);
        this.settleOpen?.resolve(message.numPages);
        return;
      case "page": {
        const entry = this.pending.get(message.pageNumber);
        if (!entry) return;
        this.pending.delete(message.pageNumber);
        clearTimeout(entry.timer);
        entry.resolve(message.images);
        return;
      }
      case "failed": {
        const err = new IngestError(message.code, message.message, { pageNumber: message.pageNumber });
        if (message.pageNumber === undefined) {
          this.fail(err);
          return;
        }
        const entry = this.pending.get(message.pageNumber);
        if (!entry) return;
        this.pending.delete(message.pageNumber);
        clearTimeout(entry.timer);
        entry.reject(err);
        return;
      }
      case "closed":
        return;
    }
  }

  render(pageNumber: number): Promise<RasterImage[]> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return new Promise<RasterImage[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        // The worker is stuck in synchronous code: the only way out is to kill it.
        this.fail(new IngestError("TOO_COMPLEX", `Page ${pageNumber} took too long to render`, { pageNumber }));
      }, this.timeoutMs);
      this.pending.set(pageNumber, { resolve, reject, timer });
      const message: ToRasterWorker = { type: "page", pageNumber };
      this.worker.postMessage(message);
    });
  }

  /** Rejects everything outstanding with `err` and kills the thread. */
  fail(err: unknown): void {
    if (this.failure !== undefined) return;
    this.failure = err;
    clearTimeout(this.openTimer);
    this.settleOpen?.reject(err);
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(err);
    }
    this.pending.clear();
    void this.worker.terminate();
  }

  /** Graceful end: the worker destroys its document, then exits; killed if it does not within 5 s. */
  async close(): Promise<void> {
    if (this.closing) return this.exited;
    this.closing = true;
    if (this.failure === undefined) {
      const message: ToRasterWorker = { type: "close" };
      this.worker.postMessage(message);
      const timer = setTimeout(() => void this.worker.terminate(), 5_000);
      await this.exited;
      clearTimeout(timer);
      return;
    }
    await this.exited;
  }
}

async function rasterizeInWorkers(script: string, opts: RasterizePdfOptions, maxPages: number): Promise<RasterImage[][]> {
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? (opts.background ? backgroundPdfConcurrency() : defaultPdfConcurrency())));
  const nice = opts.background ? BACKGROUND_NICE : undefined;
  const timeoutMs = opts.pageTimeoutMs ?? PDF_PAGE_TIMEOUT_MS;
  const workers: RasterWorker[] = [];
  let failure: unknown;
  const stop = (err: unknown) => {
    failure ??= err;
  };
  const onAbort = () => {
    stop(opts.signal?.reason);
    for (const w of workers) w.fail(opts.signal?.reason);
  };
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    // One worker opens the document first: bad documents never start more threads, and it starts on page 1
    // while the others boot.
    const first = new RasterWorker(script, opts.pdf, timeoutMs, nice);
    workers.push(first);
    const numPages = await first.opened;
    checkPageCount(numPages, maxPages);
    for (let i = 1; i < Math.min(concurrency, numPages); i++) workers.push(new RasterWorker(script, opts.pdf, timeoutMs, nice));

    const results: RasterImage[][] = new Array<RasterImage[]>(numPages);
    let next = 1;
    const take = (): number | undefined => (failure !== undefined || next > numPages ? undefined : next++);
    // Two requests outstanding per worker, so it renders one page while sharp encodes the other.
    const lane = async (worker: RasterWorker) => {
      for (let n = take(); n !== undefined; n = take()) {
        try {
          results[n - 1] = await worker.render(n);
        } catch (err) {
          stop(err);
        }
      }
    };
    await Promise.all(
      workers.map(async (worker) => {
        try {
          await worker.opened;
        } catch (err) {
          stop(err);
          return;
        }
        await Promise.all([lane(worker), lane(worker)]);
      }),
    );
    if (failure !== undefined) throw failure;
    return results;
  } finally {
    opts.signal?.removeEventListener("abort", onAbort);
    await Promise.all(workers.map((w) => w.close()));
  }
}
