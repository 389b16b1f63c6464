import { crc32, createInflateRaw } from "node:zlib";
import { IMAGE_MAX_BYTES } from "@/server/media/errors";
import { IngestError } from "./errors";
import { MAX_IMAGE_PAGES } from "./limits";

/**
 * The rules every archive of page images obeys, whatever its format (zip today): checked on the archive's directory
 * BEFORE anything is unpacked, then again on the bytes while unpacking (ADR 018, "Second round (issue 27): uploads").
 * A format reader only lists its entries as `ArchiveEntry` (checkArchiveEntryCount first, on the count it reads) and
 * hands them to `unpackArchive`, which applies every rule and unpacks as a stream off the event loop, stopping at caps.
 */

/** Entries in the directory, kept or skipped: 200 pages, a macOS `__MACOSX/._` twin of each, and 100 folders or extras. */
export const ARCHIVE_MAX_ENTRIES = 2 * MAX_IMAGE_PAGES + 100;
/** One unpacked file: a page image's own cap (15 MB). */
export const ARCHIVE_MAX_ENTRY_BYTES = IMAGE_MAX_BYTES;
/** All unpacked files together: the chapter request's own byte cap, so an archive yields no more than sending the images. */
export const ARCHIVE_MAX_TOTAL_BYTES = 250 * 1024 * 1024;
/**
 * Unpacked size over packed size of one entry. Page images are already compressed (JPEG, PNG, WebP, GIF): deflate gains
 * a few per cent on them, 2-3× on a flat synthetic page; a zip bomb's entries gain ~1000×.
 */
export const ARCHIVE_MAX_RATIO = 50;
/** Entries this small are not held to the ratio (a tiny blank page may compress well, and costs nothing to unpack). */
export const ARCHIVE_RATIO_EXEMPT_BYTES = 1024 * 1024;

export interface ArchiveEntry {
  name: string;
  /** Whether the pipeline wants its bytes (folders and `__MACOSX/` / dot files are listed but never unpacked). */
  kept: boolean;
  /** The byte range the entry occupies in the archive (its header through the end of its data). */
  start: number;
  end: number;
  /** Where its packed data starts, and its packed and declared unpacked sizes. */
  dataStart: number;
  packedSize: number;
  declaredSize: number;
  /** Stored (0) or deflated (8); other methods are refused. */
  method: number;
  /** The declared CRC-32 of the unpacked bytes. */
  crc: number;
}

const bomb = (detail: string) => new IngestError("ARCHIVE_INVALID", `The archive is refused: ${detail}`);
const tooBig = (detail: string, limit: number) => new IngestError("ARCHIVE_TOO_LARGE", `The archive is too large: ${detail}`, { limit });

/** The first check, on the directory's entry count alone (before its entries are even parsed). */
export function checkArchiveEntryCount(count: number): void {
  if (count > ARCHIVE_MAX_ENTRIES) throw tooBig(`${count} entries; at most ${ARCHIVE_MAX_ENTRIES} are read`, ARCHIVE_MAX_ENTRIES);
}

/**
 * The kept entries' bytes in natural name order (page2 before page10), after refusing an archive whose directory alone
 * shows it is hostile: too many entries, an entry outside the archive or inside its directory (`directoryStart` on),
 * entries whose byte ranges overlap (one block of data counted many times), an unknown method, a declared total above
 * the archive cap, an entry above the page image cap (413, with its page number), or a compression ratio no image has.
 * Nothing is unpacked until every entry passed; then entries are unpacked one at a time (unpackEntry).
 */
export async function unpackArchive(archive: Uint8Array, entries: readonly ArchiveEntry[], directoryStart: number): Promise<Uint8Array[]> {
  checkArchiveLayout(entries, directoryStart);
  const kept = entries
    .filter((e) => e.kept)
    .sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true, sensitivity: "base" }));
  if (kept.length === 0) throw new IngestError("EMPTY", "The archive has no images");
  if (kept.length > MAX_IMAGE_PAGES) {
    throw new IngestError("TOO_MANY_PAGES", `${kept.length} files; at most ${MAX_IMAGE_PAGES} pages are accepted`, { limit: MAX_IMAGE_PAGES });
  }
  const declaredTotal = kept.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declaredTotal > ARCHIVE_MAX_TOTAL_BYTES) {
    throw tooBig(`its files add up to ${declaredTotal} bytes; at most ${ARCHIVE_MAX_TOTAL_BYTES}`, ARCHIVE_MAX_TOTAL_BYTES);
  }
  kept.forEach((entry, i) => {
    const pageNumber = i + 1;
    if (entry.declaredSize > ARCHIVE_MAX_ENTRY_BYTES) {
      throw new IngestError("TOO_LARGE", `Page ${pageNumber} is larger than ${ARCHIVE_MAX_ENTRY_BYTES / (1024 * 1024)} MB`, {
        pageNumber,
        limit: ARCHIVE_MAX_ENTRY_BYTES,
      });
    }
  });
  for (const entry of kept) {
    if (entry.declaredSize > ARCHIVE_RATIO_EXEMPT_BYTES && entry.declaredSize > entry.packedSize * ARCHIVE_MAX_RATIO) {
      throw bomb(`the entry "${entry.name}" unpacks to more than ${ARCHIVE_MAX_RATIO} times its size`);
    }
  }
  const budget = new ArchiveBudget();
  const files: Uint8Array[] = [];
  for (const entry of kept) files.push(await unpackEntry(archive, entry, budget));
  return files;
}

/** Structure: entry count, each entry's range inside the archive and before its directory, no overlaps, known methods. */
function checkArchiveLayout(entries: readonly ArchiveEntry[], directoryStart: number): void {
  checkArchiveEntryCount(entries.length);
  const byStart = [...entries].sort((a, b) => a.start - b.start);
  let previousEnd = 0;
  for (const entry of byStart) {
    if (!(entry.start >= 0 && entry.start <= entry.dataStart && entry.dataStart + entry.packedSize === entry.end)) {
      throw bomb(`the entry "${entry.name}" is malformed`);
    }
    if (entry.end > directoryStart) throw bomb(`the entry "${entry.name}" runs into the archive's directory`);
    if (entry.start < previousEnd) throw bomb(`the entry "${entry.name}" overlaps another entry`);
    previousEnd = entry.end;
  }
  for (const entry of entries) {
    if (!entry.kept) continue;
    if (entry.method !== 0 && entry.method !== 8) throw bomb(`the entry "${entry.name}" uses an unsupported compression method`);
    if (entry.method === 0 && entry.packedSize !== entry.declaredSize) throw bomb(`the stored entry "${entry.name}" has two different sizes`);
  }
}

/** Counts unpacked bytes across an archive's entries; throws once the total passes ARCHIVE_MAX_TOTAL_BYTES. */
class ArchiveBudget {
  private total = 0;
  take(bytes: number): void {
    this.total += bytes;
    if (this.total > ARCHIVE_MAX_TOTAL_BYTES) {
      throw tooBig(`its files add up to more than ${ARCHIVE_MAX_TOTAL_BYTES} bytes`, ARCHIVE_MAX_TOTAL_BYTES);
    }
  }
}

/**
 * One kept entry's bytes, after unpackArchive's checks and the caller's per-entry size check: stored bytes are copied,
 * deflated bytes are inflated as a stream (zlib's thread pool, not the event loop) that stops as soon as it yields
 * more than the declared size. The result must match the declared size and CRC-32.
 */
async function unpackEntry(archive: Uint8Array, entry: ArchiveEntry, budget: ArchiveBudget): Promise<Uint8Array> {
  const packed = archive.subarray(entry.dataStart, entry.end);
  if (packed.byteLength !== entry.packedSize) throw bomb(`the entry "${entry.name}" is cut short`);
  let out: Uint8Array;
  if (entry.method === 0) {
    budget.take(packed.byteLength);
    out = new Uint8Array(packed);
  } else {
    out = await inflateUpTo(packed, entry, budget);
  }
  if (out.byteLength !== entry.declaredSize) throw bomb(`the entry "${entry.name}" is not the size its directory states`);
  if (crc32(out) !== entry.crc >>> 0) throw bomb(`the entry "${entry.name}" is damaged (checksum mismatch)`);
  return out;
}

async function inflateUpTo(packed: Uint8Array, entry: ArchiveEntry, budget: ArchiveBudget): Promise<Uint8Array> {
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  const chunks: Buffer[] = [];
  let size = 0;
  inflater.end(packed);
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      // Stops at the declared size: a lying entry never yields more than it promised (and the promise was capped).
      if (size > entry.declaredSize) throw bomb(`the entry "${entry.name}" unpacks to more than its directory states`);
      budget.take(chunk.byteLength);
      chunks.push(chunk);
    }
  } catch (err) {
    inflater.destroy();
    if (err instanceof IngestError) throw err;
    throw bomb(`the entry "${entry.name}" cannot be unpacked`);
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}
