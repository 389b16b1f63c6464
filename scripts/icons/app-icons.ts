/**
 * The installable app's icons (issue 32, item 6), drawn from the site's own mark (public/icon.svg) with sharp:
 * 192 and 512 px as they are, and a 512 px "maskable" one whose mark sits inside the safe circle (80 %) on a
 * full-bleed background, for launchers that cut icons into their own shape. The PNGs are committed (the build needs
 * no tool): `npx tsx scripts/icons/app-icons.ts` makes them again.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "../..");
const svg = readFileSync(path.join(root, "public/icon.svg"), "utf8");
const out = (name: string) => path.join(root, "public/icons", name);

/** The mark alone (the letter), scaled into the middle `share` of a square of the brand colour. */
function maskable(share: number): string {
  const mark = /<path[^>]*\/>/.exec(svg)?.[0];
  if (!mark) throw new Error("public/icon.svg has no mark");
  const scale = share;
  const offset = (64 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e11d48"/><g transform="translate(${offset} ${offset}) scale(${scale})">${mark}</g></svg>`;
}

async function main() {
  for (const size of [192, 512]) {
    await sharp(Buffer.from(svg), { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 }).toFile(out(`icon-${size}.png`));
  }
  await sharp(Buffer.from(maskable(0.7)), { density: (72 * 512) / 64 }).resize(512, 512).png({ compressionLevel: 9 }).toFile(out("maskable-512.png"));
}

void main();
