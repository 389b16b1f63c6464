import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { font } from "./fonts";
import { renderText } from "./art/text";

async function pixels(text: string, family: string, fontfile?: string): Promise<Buffer> {
  return sharp({ text: { text, font: `${family}, 40px`, dpi: 72, ...(fontfile ? { fontfile } : {}) } }).raw().toBuffer();
}

describe("seed fonts", () => {
  it("unpacks fontsource WOFF files into TrueType files", () => {
    for (const name of ["latinBlack", "arabicBlack"] as const) {
      const face = font(name);
      expect(face.files.length).toBeGreaterThan(0);
      for (const file of face.files) {
        const head = fs.readFileSync(file).subarray(0, 4);
        expect(head.readUInt32BE(0)).toBe(0x00010000); // TrueType sfnt version
      }
    }
  });

  it("really renders with the packaged faces, not a fallback font", async () => {
    const latin = font("latinBlack");
    const arabic = font("arabicBlack");
    const fallbackLatin = await pixels("Ragged 0123", "No Such Family");
    expect((await pixels("Ragged 0123", latin.family, latin.files[0])).equals(fallbackLatin)).toBe(false);
    const fallbackArabic = await pixels("سيف الصحراء", "No Such Family");
    expect((await pixels("سيف الصحراء", arabic.family, arabic.files[0])).equals(fallbackArabic)).toBe(false);
  });

  it("renders Arabic sound effects and wraps long Latin titles", async () => {
    const one = await renderText({ text: "طاخ!", font: "arabicBlack", size: 60, color: "#000000" });
    expect(one.width).toBeGreaterThan(60);
    const wrapped = await renderText({ text: "THE CLOCKMAKER'S PROMISE", font: "latinBlack", size: 60, color: "#ffffff", width: 560 });
    expect(wrapped.width).toBeLessThanOrEqual(560);
    expect(wrapped.height).toBeGreaterThan(100); // more than one line
  });
});
