import { checkArchiveEntryCount, unpackArchive, type ArchiveEntry } from "./archive-limits";
import { IngestError } from "./errors";

/** A zip archive starts with a local file header ("PK\x03\x04"). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * The files of a zip of page images, in natural name order (page2 before page10), skipping folders and hidden or
 * system entries (`__MACOSX/`, `.DS_Store`). Stored and deflated entries only. This reads the directory; the archive
 * rules (./archive-limits.ts: entry count, overlapping entries, size and ratio caps, checked before anything is
 * inflated; streamed inflation stopping at each entry's declared size) do the rest. Throws IngestError; the page
 * pipeline then checks every file as it checks uploaded images.
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
  const directorySize = buf.readUInt32LE(eocd + 12);
  const directoryStart = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryStart === 0xffffffff) throw bad(); // zip64: not for page archives
  if (buf.readUInt16LE(eocd + 8) !== count || directoryStart + directorySize > eocd) throw bad();
  checkArchiveEntryCount(count);
  const entries: ArchiveEntry[] = [];
  let offset = directoryStart;
  for (let n = 0; n < count; n++) {
    if (offset + 46 > eocd || buf.readUInt32LE(offset) !== CENTRAL) throw bad();
    const method = buf.readUInt16LE(offset + 10);
    const crc = buf.readUInt32LE(offset + 16);
    const packedSize = buf.readUInt32LE(offset + 20);
    const declaredSize = buf.readUInt32LE(offset + 24);
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    const start = buf.readUInt32LE(offset + 42);
    const name = buf.toString("utf8", offset + 46, Math.min(eocd, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    const base = name.split("/").pop() ?? "";
    const kept = !(name.endsWith("/") || name.startsWith("__MACOSX/") || base.startsWith(".") || base === "");
    if (start + 30 > buf.length || buf.readUInt32LE(start) !== LOCAL) throw bad();
    // The central directory's sizes are authoritative (a local header may carry zeros and a trailing descriptor).
    const dataStart = start + 30 + buf.readUInt16LE(start + 26) + buf.readUInt16LE(start + 28);
    entries.push({ name, kept, start, end: dataStart + packedSize, dataStart, packedSize, declaredSize, method, crc });
  }
  return unpackArchive(zip, entries, directoryStart);
}
