import { describe, expect, it } from "vitest";
import { photo } from "@/tests/fixtures/images";
import { ARCHIVE_MAX_ENTRIES } from "./archive-limits";
import { IngestError, type IngestErrorCode } from "./errors";
import {
  entryInDirectoryZip,
  highRatioZip,
  hugeDeclaredZip,
  overlappingPairZip,
  overlappingZipBomb,
  understatedZip,
  zipOf,
} from "./testing/zip-payloads";
import { readZipEntries } from "./zip";

/**
 * The zip reader under the archive rules (./archive-limits.ts, issue 27 item 1): hostile archives are refused from
 * their directory, before anything is inflated, quickly and without memory growth; ordinary zips of images still work.
 */
async function refused(zip: Uint8Array, code: IngestErrorCode, message?: RegExp): Promise<{ ms: number; error: IngestError }> {
  const started = performance.now();
  const error = await readZipEntries(zip).then(
    () => null,
    (err: unknown) => err,
  );
  const ms = performance.now() - started;
  expect(error).toBeInstanceOf(IngestError);
  expect((error as IngestError).code, (error as Error).message).toBe(code);
  if (message) expect((error as IngestError).message).toMatch(message);
  return { ms, error: error as IngestError };
}

describe("readZipEntries refuses hostile archives before inflating them", () => {
  it("the issue 27 bomb (26 KB, 200 entries on one deflated 15 MB block of zeros): a quick 422 that names the overlap, memory flat", async () => {
    const bomb = overlappingZipBomb();
    expect(bomb.byteLength).toBeLessThan(30_000);
    const before = process.memoryUsage();
    const { ms } = await refused(bomb, "ARCHIVE_INVALID", /overlaps another entry/);
    const after = process.memoryUsage();
    // Wall time on a shared machine is noise; the bound only separates this from inflating (32-54 s before).
    expect(ms).toBeLessThan(2_000);
    // Nothing was inflated: one 15 MB page would already show here, the old reader reached gigabytes.
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(8 * 1024 * 1024);
    expect(after.rss - before.rss).toBeLessThan(64 * 1024 * 1024);
  });

  it("two entries whose byte ranges overlap (one inside the other)", async () => {
    await refused(overlappingPairZip(await photo({ width: 40, height: 60 })), "ARCHIVE_INVALID", /overlaps/);
  });

  it("an entry whose header hides in the central directory (its data is the directory)", async () => {
    await refused(entryInDirectoryZip(), "ARCHIVE_INVALID", /directory/);
  });

  it("a huge declared size (4 GB for a kilobyte of data): above the archive's total cap, nothing inflated", async () => {
    const { ms } = await refused(hugeDeclaredZip(), "ARCHIVE_TOO_LARGE");
    expect(ms).toBeLessThan(1_000);
  });

  it("honestly declared entries under the page cap at a bomb's compression ratio (10 MB of zeros in 10 KB)", async () => {
    const { ms } = await refused(highRatioZip(), "ARCHIVE_INVALID", /times its size/);
    expect(ms).toBeLessThan(1_000);
  });

  it("an entry that inflates to more than its directory states stops at the stated size", async () => {
    await refused(understatedZip(), "ARCHIVE_INVALID", /more than its directory states/);
  });

  it(`more than ${ARCHIVE_MAX_ENTRIES} entries, even empty folders`, async () => {
    const folders = Array.from({ length: ARCHIVE_MAX_ENTRIES + 1 }, (_, i) => ({ name: `f${i}/`, data: new Uint8Array(0) }));
    await refused(zipOf(folders), "ARCHIVE_TOO_LARGE");
  });

  it("an entry whose bytes do not match its checksum", async () => {
    const zip = zipOf([{ name: "p1.jpg", data: await photo({ width: 40, height: 60 }), deflate: true }]);
    const eocd = zip.length - 22;
    const directoryStart = zip.readUInt32LE(eocd + 16);
    zip.writeUInt32LE((zip.readUInt32LE(directoryStart + 16) ^ 1) >>> 0, directoryStart + 16);
    await refused(zip, "ARCHIVE_INVALID", /checksum/);
  });
});

describe("readZipEntries reads ordinary zips", () => {
  it("deflated and stored images in natural name order, skipping folders and macOS extras, byte for byte", async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map((i) => photo({ width: 300, height: 450, colour: [40 * i, 90, 160] })));
    const zip = zipOf([
      { name: "ch/", data: new Uint8Array(0) },
      { name: "ch/p10.jpg", data: c!, deflate: true },
      { name: "__MACOSX/ch/._p1.jpg", data: Buffer.from("resource fork") },
      { name: "ch/p2.png", data: b! },
      { name: "ch/p1.jpg", data: a!, deflate: true },
    ]);
    const files = await readZipEntries(zip);
    expect(files.map((f) => Buffer.from(f).equals(a!) || Buffer.from(f).equals(b!) || Buffer.from(f).equals(c!))).toEqual([true, true, true]);
    expect(files.map((f) => Buffer.from(f))).toEqual([a, b, c]);
  });

  it("200 pages of real images (the page cap) are read", async () => {
    const page = await photo({ width: 200, height: 300 });
    const zip = zipOf(Array.from({ length: 200 }, (_, i) => ({ name: `p${i + 1}.jpg`, data: page, deflate: i % 2 === 0 })));
    expect(await readZipEntries(zip)).toHaveLength(200);
  });
});
