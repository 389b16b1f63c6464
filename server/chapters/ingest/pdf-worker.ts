/**
 * PDF rasterisation: pdf.js (legacy build, in-process "fake worker") renders each page ONCE onto an
 * @napi-rs/canvas at reading width, and sharp encodes that bitmap into the reading JPEG and the smaller
 * render-width variants.
 *
 * This file is both a library (`openPdf`, used in-process) and a worker_threads entry (see the bottom).
 * A worker runs it with Node's own TypeScript type stripping, outside any bundler or loader, so it must stay
 * self-contained: run-time imports of packages only (no `@/` alias, no relative imports; `import type` is
 * fine since it is erased) and only erasable TypeScript syntax (no enums, namespaces or parameter properties).
 *
 * Safety: `isEvalSupported: false` (pdf.js 6 no longer compiles fonts or functions with `eval` at all; the
 * flag is passed anyway), no XFA, no font-face or system fonts, no fetches (Node reads the bundled standard
 * fonts, CMaps and WASM decoders from node_modules), embedded images above `maxImagePixels` are never decoded,
 * `stopAtErrors` so a broken page is reported instead of half-drawn. Document JavaScript (OpenAction, AA,
 * names tree) is never executed: scripting needs pdf.js's sandbox (pdf.sandbox.mjs), which is never loaded.
 */
import { createRequire } from "node:module";
import path from "node:path";
import os from "node:os";
import { isMainThread, parentPort, workerData, type MessagePort } from "node:worker_threads";
import { createCanvas } from "@napi-rs/canvas";
import sharp, { type Channels, type Sharp } from "sharp";
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { DocumentInitParameters } from "pdfjs-dist/types/src/display/api";

export interface RasterSettings {
  /** Pages are rendered this wide (PDF points are not pixels: small pages are scaled up, large ones down). */
  readingWidth: number;
  /** Extra, narrower JPEGs encoded from the same bitmap (never wider than the rendered page). */
  variantWidths: readonly number[];
  /** A page is never rendered taller than this; a very long page is rendered narrower instead. */
  maxPageHeight: number;
  /** pdf.js `maxImageSize`: embedded images with more pixels are skipped, never decoded. */
  maxImagePixels: number;
  jpegQuality: number;
}

/** One encoded JPEG. Over postMessage `bytes` arrives as a plain Uint8Array. */
export interface RasterImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

export type RasterFailureCode = "ENCRYPTED" | "MALFORMED" | "TOO_COMPLEX";

export class RasterFailure extends Error {
  readonly code: RasterFailureCode;
  readonly pageNumber: number | undefined;

  constructor(code: RasterFailureCode, message: string, pageNumber?: number, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "RasterFailure";
    this.code = code;
    this.pageNumber = pageNumber;
  }
}

export interface PdfSession {
  readonly numPages: number;
  /**
   * The page's JPEGs: the reading image first, then one per variant width, in `variantWidths` order.
   * Rendering is serialised (one canvas per session); encoding runs on sharp's threads, so the next page can
   * render while the previous one encodes.
   */
  renderPage(pageNumber: number): Promise<RasterImage[]>;
  /**
   * Whether the page tree holds a first page (its dictionary is looked up; nothing is drawn). A page tree's /Count is
   * a claim: a /Count of 1 over empty /Kids opens with one page that does not exist.
   */
  hasFirstPage(): Promise<boolean>;
  /** Destroys the document (pdf.js 6: `loadingTask.destroy()`, which replaced `PDFDocumentProxy.destroy()`). */
  close(): Promise<void>;
}

type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let pdfjsModule: Promise<Pdfjs> | undefined;

function loadPdfjs(): Promise<Pdfjs> {
  pdfjsModule ??= (async () => {
    // The worker module sets globalThis.pdfjsWorker; pdf.js then handles documents on this thread through it
    // and never resolves GlobalWorkerOptions.workerSrc, so nothing is fetched or spawned by pdf.js itself.
    const workerSpecifier = "pdfjs-dist/legacy/build/pdf.worker.mjs";
    await import(/* webpackIgnore: true */ workerSpecifier);
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })();
  return pdfjsModule;
}

/** Local directory of pdfjs-dist (standard fonts, CMaps, WASM image decoders), read from disk, never fetched. */
function pdfjsAssetDir(): string | undefined {
  try {
    return path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  } catch {
    return undefined;
  }
}

export function toRasterFailure(err: unknown, pageNumber?: number): RasterFailure {
  if (err instanceof RasterFailure) return err;
  const name = err instanceof Error ? err.name : typeof err === "object" && err !== null && "name" in err ? String(err.name) : "";
  if (name === "PasswordException") {
    return new RasterFailure("ENCRYPTED", "The PDF is password-protected", pageNumber, err);
  }
  const detail = err instanceof Error ? err.message : String(err);
  const where = pageNumber === undefined ? "The PDF" : `Page ${pageNumber} of the PDF`;
  return new RasterFailure("MALFORMED", `${where} could not be read (${detail})`, pageNumber, err);
}

export async function openPdf(data: Uint8Array, settings: RasterSettings): Promise<PdfSession> {
  const pdfjs = await loadPdfjs();
  const assets = pdfjsAssetDir();
  const params: DocumentInitParameters & { isEvalSupported: boolean } = {
    data, // pdf.js may take ownership of (transfer) this buffer: callers pass a copy
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    maxImageSize: settings.maxImagePixels,
    stopAtErrors: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    useWorkerFetch: false,
    disableWorkerRendering: true,
    disableRange: true,
    disableStream: true,
    disableAutoFetch: true,
    enableHWA: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    ...(assets
      ? {
          standardFontDataUrl: `${assets}/standard_fonts/`,
          cMapUrl: `${assets}/cmaps/`,
          cMapPacked: true,
          wasmUrl: `${assets}/wasm/`,
          iccUrl: `${assets}/iccs/`,
        }
      : {}),
  };
  const task: PDFDocumentLoadingTask = pdfjs.getDocument(params);
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw toRasterFailure(err);
  }

  const canvas = createCanvas(1, 1);
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  async function render(pageNumber: number): Promise<{ raw: Buffer; width: number; height: number }> {
    if (closed) throw new RasterFailure("MALFORMED", "The PDF was closed", pageNumber);
    const page = await doc.getPage(pageNumber);
    try {
      const natural = page.getViewport({ scale: 1 });
      if (!(natural.width >= 1 && natural.height >= 1) || !Number.isFinite(natural.width * natural.height)) {
        throw new RasterFailure("MALFORMED", `Page ${pageNumber} of the PDF has no usable size`, pageNumber);
      }
      let scale = settings.readingWidth / natural.width;
      if (natural.height * scale > settings.maxPageHeight) scale = settings.maxPageHeight / natural.height;
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      canvas.width = width; // also clears the canvas
      canvas.height = height;
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        viewport,
        background: "#ffffff",
      }).promise;
      // Premultiplied RGBA; the page is painted on an opaque white background, so it equals straight RGBA.
      return { raw: canvas.data(), width, height };
    } finally {
      page.cleanup();
    }
  }

  // libjpeg-turbo with optimised Huffman tables (baseline): 10-20% larger than mozjpeg at a tenth of its CPU
  // time (14 ms against 150 ms for a 1400 px page); progressive would add another ~15 ms a page.
  const jpeg = { quality: settings.jpegQuality, optimiseCoding: true } as const;

  async function toJpeg(pipeline: Sharp): Promise<RasterImage> {
    const { data, info } = await pipeline.jpeg(jpeg).toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  }

  /**
   * The reading JPEG straight from the bitmap; the variants from one intermediate resize to the widest
   * variant, so the full bitmap is resampled once rather than once per width.
   */
  async function encode(raw: Buffer, width: number, height: number): Promise<RasterImage[]> {
    const full = () => sharp(raw, { raw: { width, height, channels: 4 } }).removeAlpha();
    const widest = Math.max(...settings.variantWidths);
    const [reading, mid] = await Promise.all([
      toJpeg(full()),
      full().resize({ width: widest, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true }),
    ]);
    const midRaw = { width: mid.info.width, height: mid.info.height, channels: mid.info.channels as Channels };
    const variants = await Promise.all(
      settings.variantWidths.map((w) => {
        const pipeline = sharp(mid.data, { raw: midRaw });
        return toJpeg(w < midRaw.width ? pipeline.resize({ width: w }) : pipeline);
      }),
    );
    return [reading, ...variants];
  }

  return {
    numPages: doc.numPages,
    async renderPage(pageNumber) {
      if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages) {
        throw new RangeError(`no page ${pageNumber}`);
      }
      const rendered = queue.then(() => render(pageNumber));
      queue = rendered.catch(() => undefined);
      let page: { raw: Buffer; width: number; height: number };
      try {
        page = await rendered;
      } catch (err) {
        throw toRasterFailure(err, pageNumber);
      }
      try {
        return await encode(page.raw, page.width, page.height);
      } catch (err) {
        throw new RasterFailure("MALFORMED", `Page ${pageNumber} could not be encoded`, pageNumber, err);
      }
    },
    async hasFirstPage() {
      if (doc.numPages < 1) return false;
      try {
        (await doc.getPage(1)).cleanup();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue;
      canvas.width = 1;
      canvas.height = 1;
      await task.destroy().catch(() => undefined);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// worker_threads entry: one document per worker; the parent asks for pages one message at a time.

export const WORKER_KIND = "pdf-rasterizer";

export interface RasterWorkerInit {
  kind: typeof WORKER_KIND;
  pdf: Uint8Array;
  settings: RasterSettings;
  /** Background work: the worker lowers its own thread's scheduling priority (nice), so requests come first. */
  nice?: number;
}

export type ToRasterWorker = { type: "page"; pageNumber: number } | { type: "close" };

export type FromRasterWorker =
  | { type: "started" }
  | { type: "opened"; numPages: number }
  | { type: "page"; pageNumber: number; images: RasterImage[] }
  | { type: "failed"; code: RasterFailureCode; message: string; pageNumber?: number }
  | { type: "closed" };

function isRasterWorkerInit(value: unknown): value is RasterWorkerInit {
  return typeof value === "object" && value !== null && "kind" in value && value.kind === WORKER_KIND;
}

function failureMessage(err: unknown, pageNumber?: number): FromRasterWorker {
  const failure = toRasterFailure(err, pageNumber);
  return { type: "failed", code: failure.code, message: failure.message, pageNumber: failure.pageNumber };
}

async function serve(port: MessagePort, init: RasterWorkerInit): Promise<void> {
  const send = (message: FromRasterWorker) => port.postMessage(message);
  send({ type: "started" }); // the script and its packages loaded: later errors come from the document
  if (init.nice) {
    // On Linux a thread's nice value is its own (pid 0: the calling thread), so this lowers only this worker.
    try {
      os.setPriority(0, init.nice);
    } catch {
      // not permitted here: render at normal priority
    }
  }
  let session: PdfSession;
  try {
    session = await openPdf(init.pdf, init.settings);
  } catch (err) {
    send(failureMessage(err));
    port.close();
    return;
  }
  send({ type: "opened", numPages: session.numPages });
  port.on("message", (message: ToRasterWorker) => {
    if (message.type === "close") {
      void session.close().finally(() => {
        send({ type: "closed" });
        port.close();
      });
      return;
    }
    const { pageNumber } = message;
    session.renderPage(pageNumber).then(
      (images) => send({ type: "page", pageNumber, images }),
      (err: unknown) => send(failureMessage(err, pageNumber)),
    );
  });
}

if (!isMainThread && parentPort && isRasterWorkerInit(workerData)) {
  void serve(parentPort, workerData);
}
