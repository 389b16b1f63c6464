import { crc32, deflateRawSync } from "node:zlib";

/**
 * Hostile zip archives built in memory, for tests and benches (scripts/bench may import them): the issue 27 zip bomb
 * and its variants. Nothing here is used by the server. Each answers the archive's bytes.
 */

export interface RawZipEntry {
  name: string;
  /** Offset of the entry's local header. */
  local: number;
  method: 0 | 8;
  crc: number;
  packedSize: number;
  declaredSize: number;
}

/** Central directory + end record for `entries`, placed at `directoryStart` (the caller puts the data before it). */
function directory(entries: readonly RawZipEntry[], directoryStart: number): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.packedSize, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(e.local, 42);
    parts.push(central, name);
  }
  const dir = Buffer.concat(parts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(directoryStart, 16);
  return Buffer.concat([dir, end]);
}

function localHeader(name: string, method: 0 | 8, crc: number, packedSize: number, declaredSize: number): Buffer {
  const nameBytes = Buffer.from(name, "utf8");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(method, 8);
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(packedSize, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([local, nameBytes]);
}

/** An ordinary zip of files (stored, or deflated when `deflate`), as any zip tool writes it. */
export function zipOf(files: ReadonlyArray<{ name: string; data: Uint8Array; deflate?: boolean }>): Buffer {
  const blocks: Buffer[] = [];
  const entries: RawZipEntry[] = [];
  let offset = 0;
  for (const f of files) {
    const body = f.deflate ? deflateRawSync(f.data) : Buffer.from(f.data);
    const method = f.deflate ? 8 : 0;
    const crc = crc32(f.data);
    const header = localHeader(f.name, method, crc, body.length, f.data.byteLength);
    entries.push({ name: f.name, local: offset, method, crc, packedSize: body.length, declaredSize: f.data.byteLength });
    blocks.push(header, body);
    offset += header.length + body.length;
  }
  return Buffer.concat([...blocks, directory(entries, offset)]);
}

/**
 * The issue 27 bomb (~26 KB): one deflated block of `size` zero bytes (15 MB, exactly the page image cap) and
 * `entries` (200, exactly the page cap) central-directory entries that all point at it: 3 GB once inflated.
 */
export function overlappingZipBomb({ entries = 200, size = 15 * 1024 * 1024 }: { entries?: number; size?: number } = {}): Buffer {
  const zeros = Buffer.alloc(size);
  const packed = deflateRawSync(zeros, { level: 9 });
  const crc = crc32(zeros);
  const header = localHeader("p.jpg", 8, crc, packed.length, size);
  const list: RawZipEntry[] = Array.from({ length: entries }, (_, i) => ({
    name: `page${String(i + 1).padStart(3, "0")}.jpg`,
    local: 0,
    method: 8,
    crc,
    packedSize: packed.length,
    declaredSize: size,
  }));
  return Buffer.concat([header, packed, directory(list, header.length + packed.length)]);
}

/** Two entries whose byte ranges overlap: the second entry (header and data) lies inside the first one's data. */
export function overlappingPairZip(data: Uint8Array): Buffer {
  const inner = localHeader("p2.jpg", 0, crc32(data), data.byteLength, data.byteLength);
  const firstData = Buffer.concat([inner, Buffer.from(data)]);
  const outer = localHeader("p1.jpg", 0, crc32(firstData), firstData.length, firstData.length);
  const entries: RawZipEntry[] = [
    { name: "p1.jpg", local: 0, method: 0, crc: crc32(firstData), packedSize: firstData.length, declaredSize: firstData.length },
    { name: "p2.jpg", local: outer.length, method: 0, crc: crc32(data), packedSize: data.byteLength, declaredSize: data.byteLength },
  ];
  return Buffer.concat([outer, firstData, directory(entries, outer.length + firstData.length)]);
}

/** One entry whose directory declares `declared` bytes (4 GB - 1 by default) for a few bytes of data. */
export function hugeDeclaredZip(declared = 0xffff_fffe): Buffer {
  const packed = deflateRawSync(Buffer.alloc(1024));
  const header = localHeader("p1.jpg", 8, 0, packed.length, declared);
  return Buffer.concat([header, packed, directory([{ name: "p1.jpg", local: 0, method: 8, crc: 0, packedSize: packed.length, declaredSize: declared }], header.length + packed.length)]);
}

/** Entries of `size` zeros each (under the 15 MB page cap), honestly declared, at deflate's ~1000:1 ratio. */
export function highRatioZip({ entries = 3, size = 10 * 1024 * 1024 }: { entries?: number; size?: number } = {}): Buffer {
  return zipOf(Array.from({ length: entries }, (_, i) => ({ name: `p${i + 1}.jpg`, data: Buffer.alloc(size), deflate: true })));
}

/** An entry whose declared size is smaller than what its data inflates to (a lying directory, ratio under the cap). */
export function understatedZip(actual = 2 * 1024 * 1024, declared = 1024 * 1024): Buffer {
  let seed = 7;
  const noise = Buffer.alloc(actual, 0);
  for (let i = 0; i < actual; i += 2) noise[i] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
  const packed = deflateRawSync(noise);
  const crc = crc32(noise);
  const header = localHeader("p1.jpg", 8, crc, packed.length, declared);
  return Buffer.concat([header, packed, directory([{ name: "p1.jpg", local: 0, method: 8, crc, packedSize: packed.length, declaredSize: declared }], header.length + packed.length)]);
}

/**
 * An entry whose local header is hidden in the central directory itself (in its entry's extra field), so its data is
 * the directory and end record: a folder entry first, so the archive starts as a zip does.
 */
export function entryInDirectoryZip(): Buffer {
  const folder = localHeader("chapter/", 0, 0, 0, 0);
  const directoryStart = folder.length;
  const fakeLocal = localHeader("", 0, 0, 16, 16);
  const name = Buffer.from("p1.jpg");
  const folderCentral = directory([{ name: "chapter/", local: 0, method: 0, crc: 0, packedSize: 0, declaredSize: 0 }], 0).subarray(0, 46 + 8);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(16, 20);
  central.writeUInt32LE(16, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt16LE(fakeLocal.length, 30);
  central.writeUInt32LE(directoryStart + folderCentral.length + 46 + name.length, 42);
  const dir = Buffer.concat([folderCentral, central, name, fakeLocal]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(2, 8);
  end.writeUInt16LE(2, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(directoryStart, 16);
  return Buffer.concat([folder, dir, end]);
}
