import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ARABIC_FONT_RANGES, ARABIC_FONT_WEIGHTS, makeArabicSubset, sourceFont, subsetFile } from "./arabic-subset";

const root = path.resolve(import.meta.dirname, "..", "..");
const inRanges = (cp: number) => ARABIC_FONT_RANGES.some(([from, to]) => cp >= from && cp <= to);
/** Code points of the Arabic script blocks (the rest of a text is drawn by the fonts after it in any case). */
const isArabicScript = (cp: number) => (cp >= 0x600 && cp <= 0x8ff) || (cp >= 0xfb50 && cp <= 0xfeff);

describe("the Arabic font's subset (scripts/fonts/arabic-subset.ts)", () => {
  it("is, for each weight, exactly what the script makes from the installed package, at under half its bytes", async () => {
    for (const weight of ARABIC_FONT_WEIGHTS) {
      const committed = await readFile(subsetFile(weight));
      const made = await makeArabicSubset(weight);
      expect(made.equals(committed), `app/fonts weight ${weight}: run npx tsx scripts/fonts/arabic-subset.ts`).toBe(true);
      expect(committed.byteLength).toBeLessThan((await readFile(sourceFont(weight))).byteLength / 2);
    }
  });

  it("covers every Arabic character of the interface's texts, and the stylesheet's unicode-range says the same ranges", async () => {
    const texts = await readFile(path.join(root, "messages", "ar.json"), "utf8");
    const arabic = [...new Set([...texts].map((c) => c.codePointAt(0)!).filter(isArabicScript))];
    expect(arabic.length).toBeGreaterThan(30);
    expect(arabic.filter((cp) => !inRanges(cp)).map((cp) => cp.toString(16))).toEqual([]);
    const css = await readFile(path.join(root, "app", "globals.css"), "utf8");
    const declared = ARABIC_FONT_RANGES.map(([from, to]) => `U+${from.toString(16).toUpperCase().padStart(4, "0")}-${to.toString(16).toUpperCase().padStart(4, "0")}`).join(", ");
    expect(css.match(/unicode-range: [^;]+;/g)).toEqual(ARABIC_FONT_WEIGHTS.map(() => `unicode-range: ${declared};`));
  });
});
