import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";

/**
 * Fonts for the generated artwork, taken from the @fontsource packages already installed.
 *
 * Why the conversion: sharp's bundled FreeType cannot open WOFF files, and `fontfile` then silently
 * falls back to whatever system font fontconfig finds (or to boxes on a machine without fonts). WOFF 1.0
 * is just zlib-compressed sfnt tables, so we unpack it once into a plain TrueType file in the temp dir.
 *
 * Each face is addressed by its exact family name followed by a comma ("Inter Black,"), which tells
 * Pango the whole string is a family, not a family plus a weight.
 */

export interface FontFace {
  family: string;
  /** The main file, then files with more glyphs of the same family (fontsource splits by script). */
  files: readonly string[];
}

/**
 * Fontsource's Arabic subset has no Latin punctuation ("!", ".", "?"), which Arabic speech uses:
 * the same weight's Latin subset, registered under the same family, fills those glyphs in. Without
 * it a machine with no system fonts would draw empty boxes.
 */
const FONTS = {
  latinBlack: { family: "Inter Black", woff: ["inter/files/inter-latin-900-normal.woff"] },
  latinBold: { family: "Inter ExtraBold", woff: ["inter/files/inter-latin-800-normal.woff"] },
  latinText: { family: "Inter SemiBold", woff: ["inter/files/inter-latin-600-normal.woff"] },
  arabicBlack: { family: "Noto Kufi Arabic Black", woff: kufi(900) },
  arabicBold: { family: "Noto Kufi Arabic ExtraBold", woff: kufi(800) },
  arabicText: { family: "Noto Kufi Arabic SemiBold", woff: kufi(600) },
} as const;

function kufi(weight: number): readonly string[] {
  return ["arabic", "latin"].map((subset) => `noto-kufi-arabic/files/noto-kufi-arabic-${subset}-${weight}-normal.woff`);
}

export type FontName = keyof typeof FONTS;

const cache = new Map<FontName, FontFace>();
const resolve = createRequire(import.meta.url).resolve;

export function font(name: FontName): FontFace {
  const hit = cache.get(name);
  if (hit) return hit;
  const spec = FONTS[name];
  const files = spec.woff.map((file) => writeOnce(woffToSfnt(fs.readFileSync(resolve(`@fontsource/${file}`)))));
  const face = { family: spec.family, files };
  cache.set(name, face);
  return face;
}

/** Writes the font under a content-derived name; a rename makes concurrent writers safe. */
function writeOnce(ttf: Buffer): string {
  const dir = path.join(os.tmpdir(), "manga-seed-fonts");
  const file = path.join(dir, `${createHash("sha256").update(ttf).digest("hex").slice(0, 16)}.ttf`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, ttf);
  fs.renameSync(temp, file);
  return file;
}

/** WOFF 1.0 → sfnt (TrueType/OpenType): inflate each table and lay them out behind a fresh directory. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("ascii", 0, 4) !== "wOFF") throw new Error("not a WOFF 1.0 file");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const headerLength = 12 + 16 * numTables;
  const padded = (n: number) => (n + 3) & ~3;
  const out = Buffer.alloc(headerLength + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const entry = 12 + i * 16;
    out.writeUInt32BE(t.tag, entry);
    out.writeUInt32BE(t.checksum, entry + 4);
    out.writeUInt32BE(offset, entry + 8);
    out.writeUInt32BE(t.data.length, entry + 12);
    t.data.copy(out, offset);
    offset += padded(t.data.length);
  });
  return out;
}
