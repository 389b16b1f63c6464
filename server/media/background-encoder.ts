import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { MediaError, type MediaErrorCode } from "./errors";
import type { EncodedImage, ProcessImageVariantsOptions } from "./process-image";
import { log } from "@/server/core/log";
import { probe } from "@/server/core/metrics";

/**
 * Uploaded page images are encoded in a child process at a lower CPU priority (nice IMAGE_ENCODER_NICE, 10), so a
 * writer's upload (about 200 ms of CPU per page: a decode and four mozjpeg encodes) never takes the cores from
 * readers: the kernel runs the app process's request handling first and the encoder on what is left (issue 18's mixed
 * load; docs/decisions/019). One encoder per app process, started on first use and again after it stopped; its
 * answers are the same as processPageVariants' in this process (the same function runs there), MediaError included.
 *
 * On by default in production (NODE_ENV=production); IMAGE_ENCODER=process or inline chooses. A page whose encoder
 * stopped or did not answer within ENCODE_TIMEOUT_MS is encoded in this process instead, so an upload never fails
 * because of the encoder itself.
 */

const ENCODE_TIMEOUT_MS = 120_000;

interface Pending {
  resolve: (variants: Map<number, EncodedImage>) => void;
  reject: (err: unknown) => void;
  timer: NodeJS.Timeout;
  /** When it was sent (performance.now()), for the queue's age metric. */
  at: number;
}

type Reply =
  | { ready: true }
  | { id: number; variants?: Array<[number, Omit<EncodedImage, "bytes"> & { bytes: Uint8Array }]>; error?: { code?: MediaErrorCode; message: string; limit?: number } };

/** Whether uploads are encoded in the background process (production by default). */
export function encodesInBackground(): boolean {
  const choice = process.env.IMAGE_ENCODER;
  if (choice === "process") return true;
  if (choice === "inline") return false;
  return process.env.NODE_ENV === "production" && childScript() !== null;
}

/** Where the child's script is (looked up once: the source tree does not move under a running server). */
let script: string | null | undefined;
function childScript(): string | null {
  return (script ??= findChildScript());
}

function findChildScript(): string | null {
  const candidates = [path.join(process.cwd(), "server", "media", "encoder-child.ts")];
  try {
    candidates.unshift(path.join(import.meta.dirname, "encoder-child.ts"));
  } catch {
    // bundled: no source directory
  }
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** The encoder did not answer (stopped, could not start, timed out): the caller encodes in this process. */
class EncoderUnavailable extends Error {}

class Encoder {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  pid(): number | undefined {
    return this.child?.pid;
  }

  /** Images sent and not answered, and the oldest one's age in seconds (the pending map keeps the sending order). */
  queue(): { jobs: number; oldestAgeSeconds: number } {
    const first = this.pending.values().next();
    return { jobs: this.pending.size, oldestAgeSeconds: first.done ? 0 : (performance.now() - first.value.at) / 1000 };
  }

  encode(input: Uint8Array, widths: readonly number[], avif = false): Promise<Map<number, EncodedImage>> {
    const child = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new EncoderUnavailable("the image encoder did not answer in time"));
        this.stop();
      }, ENCODE_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer, at: performance.now() });
      // While an answer is awaited the channel keeps the process alive (a script that only awaits encodes, the seed,
      // would otherwise end with its top-level await unsettled); idle, it does not hold the process open.
      child.channel?.ref();
      child.send({ id, input, widths: [...widths], avif }, (err) => {
        if (err) this.settle(id, undefined, new EncoderUnavailable(`the image encoder is gone: ${err.message}`));
      });
    });
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    const file = childScript();
    if (!file) throw new EncoderUnavailable("the image encoder script was not found");
    // spawn with an IPC channel rather than fork: Turbopack resolves fork's path as a module at build time
    // (vercel/next.js#97952).
    const child = spawn(process.execPath, ["--import", "tsx", file], {
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    child.unref();
    child.channel?.unref();
    child.on("message", (reply: Reply) => {
      if ("ready" in reply) return;
      const { id, variants, error } = reply;
      if (error) this.settle(id, undefined, error.code ? new MediaError(error.code, error.message, { limit: error.limit }) : new Error(error.message));
      else this.settle(id, new Map((variants ?? []).map(([w, v]) => [w, { ...v, bytes: Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength) }])));
    });
    const gone = () => {
      if (this.child !== child) return;
      this.child = null;
      for (const id of [...this.pending.keys()]) this.settle(id, undefined, new EncoderUnavailable("the image encoder stopped"));
    };
    child.on("exit", gone);
    child.on("error", gone);
    this.child = child;
    return child;
  }

  private settle(id: number, variants?: Map<number, EncodedImage>, err?: unknown) {
    const job = this.pending.get(id);
    if (!job) return;
    this.pending.delete(id);
    clearTimeout(job.timer);
    if (this.pending.size === 0) this.child?.channel?.unref();
    if (err !== undefined) job.reject(err);
    else job.resolve(variants!);
  }

  stop() {
    const child = this.child;
    this.child = null;
    child?.kill();
    for (const id of [...this.pending.keys()]) this.settle(id, undefined, new EncoderUnavailable("the image encoder was stopped"));
  }
}

const KEY = Symbol.for("manga.media.encoder");
const encoder = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Encoder()) as Encoder;
// Read when /api/metrics is scraped (server/core/metrics.ts).
probe("image_encoder_jobs", () => encoder.queue().jobs);
probe("image_encoder_oldest_age_seconds", () => encoder.queue().oldestAgeSeconds);

/** processPageVariants in the background encoder; in this process when the encoder cannot answer. */
export async function processPageVariantsInBackground(opts: ProcessImageVariantsOptions): Promise<Map<number, EncodedImage>> {
  if (opts.maxBytes === undefined && opts.maxPixels === undefined) {
    try {
      return await encoder.encode(opts.input, opts.widths);
    } catch (err) {
      if (!(err instanceof EncoderUnavailable)) throw err;
      log.warn(`[media] ${err.message}; encoding in the app process`);
    }
  }
  const { processPageVariants } = await import("./process-image");
  return processPageVariants(opts);
}

/**
 * A stored page image's AVIF copies (encodeAvifCopies) in the background encoder when uploads are encoded there
 * (production), so readers keep the cores; in this process otherwise, or when the encoder cannot answer.
 */
export async function encodeCopiesInBackground(input: Uint8Array, widths: readonly number[]): Promise<Map<number, EncodedImage>> {
  if (encodesInBackground()) {
    try {
      return await encoder.encode(input, widths, true);
    } catch (err) {
      if (!(err instanceof EncoderUnavailable)) throw err;
      log.warn(`[media] ${err.message}; encoding in the app process`);
    }
  }
  const { encodeAvifCopies } = await import("./process-image");
  return encodeAvifCopies(input, widths);
}

/** The background encoder's queue (the image_encoder_* metrics). */
export const encoderQueue = () => encoder.queue();
/** The encoder's process id while it runs (tests). */
export const encoderPid = () => encoder.pid();
/** Stops the encoder (tests; it is started again on next use). */
export const stopEncoder = () => encoder.stop();
