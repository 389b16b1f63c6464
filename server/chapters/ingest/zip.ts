import { inflateRawSync } from "node:zlib";
import { IMAGE_MAX_BYTES } from "@/server/media/errors";
import { IngestError } from "./errors";
import { MAX_IMAGE_PAGES } from "./limits";

/** A zip archive starts with a local file header ("PK\x03\x04"). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * The files of a zip of page images, in natural name order (page2 before page10), skipping folders and hidden or
 * system entries (`__MACOSX/`, `.DS_Store`). Stored and deflated entries only; each entry's inflated size is capped
 * while inflating (a zip bomb stops at IMAGE_MAX_BYTES), and so is the number of entries. Throws IngestError; the
 * page pipeline then checks every file as it checks uploaded images.
 */
export async function readZipEntries(zip: Uint8Array): Promise<Uint8Array[]> {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const bad = () => new IngestError("UNSUPPORTED_IMAGE", "The archive cannot be read (only plain zip files of images are accepted)");
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad();
  const count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw bad(); // zip64: not for page archives
  const entries: { name: string; method: number; compressed: number; size: number; local: number }[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== CENTRAL) throw bad();
    const method = buf.readUInt16LE(offset + 10);
    const compressed = buf.readUInt32LE(offset + 20);
    const size = buf.readUInt32LE(offset + 24);
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    const local = buf.readUInt32LE(offset + 42);
    const name = buf.toString("utf8", offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    const base = name.split("/").pop() ?? "";
    if (name.endsWith("/") || name.startsWith("__MACOSX/") || base.startsWith(".") || base === "") continue;
    entries.push({ name, method, compressed, size, local });
  }
  if (entries.length === 0) throw new IngestError("EMPTY", "The archive has no images");
  if (entries.length > MAX_IMAGE_PAGES) {
    throw new IngestError("TOO_MANY_PAGES", `${entries.length} files; at most ${MAX_IMAGE_PAGES} pages are accepted`, { limit: MAX_IMAGE_PAGES });
  }
  entries.sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true, sensitivity: "base" }));
  return entries.map((entry, i) => {
    const pageNumber = i + 1;
    if (entry.size > IMAGE_MAX_BYTES) {
      throw new IngestError("TOO_LARGE", `Page ${pageNumber} is larger than ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`, { pageNumber, limit: IMAGE_MAX_BYTES });
    }
    const at = entry.local;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw bad();
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    // The central directory's sizes are authoritative (a local header may carry zeros and a trailing descriptor).
    const data = buf.subarray(start, Math.min(buf.length, start + entry.compressed));
    if (entry.method === 0) return new Uint8Array(data);
    if (entry.method !== 8) throw bad();
    try {
      return new Uint8Array(inflateRawSync(data, { maxOutputLength: IMAGE_MAX_BYTES }));
    } catch (err) {
      if (err instanceof RangeError || (err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
        throw new IngestError("TOO_LARGE", `Page ${pageNumber} is larger than ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`, { pageNumber, limit: IMAGE_MAX_BYTES });
      }
      throw bad();
    }
  });
}
