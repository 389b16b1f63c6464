import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { EncodedImage } from "@/server/media/process-image";

/**
 * A disk cache of the demo's drawn and encoded images, so a second seed on this machine reads files instead of
 * drawing: drawing is two thirds of a seed (≈ 32 s of 47 s on two cores), and the browser suite seeds a dozen
 * servers. The drawings are a pure function of the art code, the plan and the encoder, so the cache's folder is
 * named by a hash of those sources and of the lock file: any change to them starts a new folder. Entries are written
 * to a temporary name and renamed, so servers seeding at once never read half a file.
 *
 * `SEED_ART_CACHE=off` draws everything; `SEED_ART_CACHE=<dir>` puts the cache elsewhere (default `.cache/seed-art`).
 */

const SOURCES = ["scripts/seed/art", "scripts/seed/images.ts", "scripts/seed/plan.ts", "scripts/seed/random.ts", "scripts/seed/catalogue.ts", "scripts/seed/accounts.ts", "scripts/seed/fonts.ts", "server/media/process-image.ts", "package-lock.json"];

async function sourceHash(root: string): Promise<string> {
  const hash = createHash("sha256");
  for (const source of SOURCES) {
    const full = path.join(root, source);
    const files = source.endsWith(".ts") || source.endsWith(".json") ? [full] : (await readdir(full)).sort().map((f) => path.join(full, f));
    for (const file of files) {
      hash.update(file.slice(root.length));
      hash.update(await readFile(file).catch(() => Buffer.alloc(0)));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/** One entry: a 4-byte header length, the JSON header (mime and size of each image), then the images' bytes. */
function encode(images: EncodedImage[]): Buffer {
  const header = Buffer.from(JSON.stringify(images.map(({ mime, width, height, bytes }) => ({ mime, width, height, length: bytes.byteLength }))));
  const size = Buffer.alloc(4);
  size.writeUInt32BE(header.byteLength);
  return Buffer.concat([size, header, ...images.map((i) => i.bytes)]);
}

function decode(file: Buffer): EncodedImage[] | undefined {
  if (file.byteLength < 4) return undefined;
  const headerEnd = 4 + file.readUInt32BE(0);
  const entries = JSON.parse(file.subarray(4, headerEnd).toString()) as Array<Omit<EncodedImage, "bytes"> & { length: number }>;
  let offset = headerEnd;
  const images = entries.map(({ length, ...meta }) => {
    const bytes = file.subarray(offset, offset + length);
    offset += length;
    return { ...meta, bytes };
  });
  return offset === file.byteLength ? images : undefined;
}

export interface ArtCache {
  /** The images stored under `key`, or those `draw` makes (then stored). */
  get(key: string, draw: () => Promise<EncodedImage[]>): Promise<EncodedImage[]>;
}

const noCache: ArtCache = { get: (_key, draw) => draw() };

export async function openArtCache(root = process.cwd()): Promise<ArtCache> {
  const setting = process.env.SEED_ART_CACHE;
  if (setting === "off") return noCache;
  let dir: string;
  try {
    dir = path.join(setting ? path.resolve(setting) : path.join(root, ".cache", "seed-art"), await sourceHash(root));
    await mkdir(dir, { recursive: true });
  } catch {
    return noCache; // a read-only checkout draws every time
  }
  return {
    async get(key, draw) {
      const file = path.join(dir, `${key.replace(/[^a-z0-9-]/gi, "_")}.bin`);
      const cached = await readFile(file).then(decode, () => undefined).catch(() => undefined);
      if (cached) return cached;
      const images = await draw();
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temp, encode(images))
        .then(() => rename(temp, file))
        .catch(() => undefined);
      return images;
    },
  };
}
