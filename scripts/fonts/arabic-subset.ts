/**
 * The Arabic pages' font (Noto Kufi Arabic, from the npm package @fontsource/noto-kufi-arabic, SIL Open Font License
 * 1.1) cut down to the characters Arabic text is written in (docs/decisions/010, "The Arabic font"): the package's
 * "arabic" file also carries Arabic Extended-A and the compatibility ligatures of Presentation Forms-A, which our
 * texts never use, at more than twice the bytes. Characters outside the subset are drawn by the next font in the stack.
 *
 *   npx tsx scripts/fonts/arabic-subset.ts     writes app/fonts/noto-kufi-arabic-{400,700}.woff2
 *
 * The files are committed (the site builds without this script); `arabic-subset.test.ts` checks they are what the
 * script makes from the installed package, and that they draw every character of the Arabic messages.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..", "..");

export const ARABIC_FONT_WEIGHTS = [400, 700] as const;

/**
 * Code point ranges kept: ASCII punctuation and digits, Arabic, Arabic Supplement, the joiners and direction marks,
 * and Presentation Forms-B (the shaped letter forms). The @font-face rules' `unicode-range` says the same.
 */
export const ARABIC_FONT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x40],
  [0x600, 0x6ff],
  [0x750, 0x77f],
  [0x200c, 0x200f],
  [0xfe70, 0xfeff],
];

export const sourceFont = (weight: number) => path.join(root, "node_modules", "@fontsource", "noto-kufi-arabic", "files", `noto-kufi-arabic-arabic-${weight}-normal.woff2`);
export const subsetFile = (weight: number) => path.join(root, "app", "fonts", `noto-kufi-arabic-${weight}.woff2`);

/** The subset of one weight, as WOFF2. */
export async function makeArabicSubset(weight: number): Promise<Buffer> {
  const text = ARABIC_FONT_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join("");
  return subsetFont(await readFile(sourceFont(weight)), text, { targetFormat: "woff2" });
}

async function main() {
  for (const weight of ARABIC_FONT_WEIGHTS) {
    const bytes = await makeArabicSubset(weight);
    await writeFile(subsetFile(weight), bytes);
    console.log(`${path.relative(root, subsetFile(weight))}: ${bytes.byteLength} B (from ${(await readFile(sourceFont(weight))).byteLength} B)`);
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
