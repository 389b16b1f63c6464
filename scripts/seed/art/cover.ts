import sharp, { type OverlayOptions, type Sharp } from "sharp";
import type { Genre } from "@/lib/enums";
import { Rng } from "../random";
import type { FontName } from "../fonts";
import { bust } from "./figures";
import type { ArtLanguage } from "./page";
import { PALETTES, type Palette } from "./palette";
import { genreProp } from "./props";
import { svgDocument } from "./svg";
import { haloOf, type TextLayer } from "./text";
import type { TextCache } from "./text-cache";

/**
 * Covers (portrait, with the title) and banners (wide, art only: the site lays the title and
 * description over them) in the colours of the title's main genre: a gradient sky, a glow with
 * rays, a halftone corner, the genre's emblem and a rim-lit character silhouette.
 */

export const COVER_WIDTH = 600;
export const COVER_HEIGHT = 900;
export const BANNER_WIDTH = 1600;
export const BANNER_HEIGHT = 600;

export interface CoverArtOptions {
  /** Stable key (e.g. the title) seeding the composition. */
  key: string;
  title: string;
  language: ArtLanguage;
  genres: readonly Genre[];
  /** Credit line, e.g. "by Sara Okafor". */
  credit: string;
  texts: TextCache;
}

const TITLE_FONT: Record<ArtLanguage, FontName> = { en: "latinBlack", ar: "arabicBlack" };
const LABEL_FONT: Record<ArtLanguage, FontName> = { en: "latinBold", ar: "arabicBold" };

function paletteFor(genres: readonly Genre[]): Palette {
  return PALETTES[genres[0] ?? "Action"];
}

interface Focus {
  x: number;
  y: number;
}

/** Gradient, glow with rays and a halftone corner: the shared backdrop of covers and banners. */
function backdrop(w: number, h: number, p: Palette, rng: Rng, focus: Focus): string {
  const angle = rng.float(0, 1);
  const defs =
    `<linearGradient id="bg" x1="${angle}" y1="0" x2="${1 - angle}" y2="1">` +
    `<stop offset="0" stop-color="${p.stops[0]}"/><stop offset="0.55" stop-color="${p.stops[1]}"/><stop offset="1" stop-color="${p.stops[2]}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="0.35" stop-color="${p.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>`;
  const reach = Math.hypot(w, h);
  const rays: string[] = [];
  const count = 18;
  const turn = rng.float(0, Math.PI);
  for (let i = 0; i < count; i++) {
    const a = turn + (i / count) * Math.PI * 2;
    const b = a + (Math.PI / count) * 0.9;
    rays.push(`M${focus.x} ${focus.y}L${focus.x + Math.cos(a) * reach} ${focus.y + Math.sin(a) * reach}L${focus.x + Math.cos(b) * reach} ${focus.y + Math.sin(b) * reach}Z`);
  }
  const glowR = Math.min(w, h) * 0.55;
  return (
    `<defs>${defs}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    `<path d="${rays.join("")}" fill="#fff" opacity="0.08"/>` +
    `<circle cx="${focus.x}" cy="${focus.y}" r="${glowR}" fill="url(#glow)"/>` +
    halftone(w, h, rng)
  );
}

/** Dots shrinking away from one corner, like a printed screentone gradient. */
function halftone(w: number, h: number, rng: Rng): string {
  const step = 14;
  const size = Math.min(w, h) * 0.6;
  const corner = rng.pick([[0, 0], [w, 0], [0, h], [w, h]] as const);
  const dots: string[] = [];
  for (let y = step / 2; y < h; y += step) {
    for (let x = step / 2; x < w; x += step) {
      const d = Math.hypot(x - corner[0], y - corner[1]);
      const r = 5.5 * (1 - d / size);
      if (r < 0.8) continue;
      dots.push(`M${(x - r).toFixed(1)} ${y}a${r.toFixed(1)} ${r.toFixed(1)} 0 1 0 ${(2 * r).toFixed(1)} 0a${r.toFixed(1)} ${r.toFixed(1)} 0 1 0 ${(-2 * r).toFixed(1)} 0Z`);
    }
  }
  return `<path d="${dots.join("")}" fill="#000" opacity="0.28"/>`;
}

/** A dark silhouette with a rim of light: drawn twice from the same seed, outline first. */
function figure(p: Palette, rng: Rng, cx: number, baseY: number, scale: number, flip: boolean): string {
  const seed = rng.int(0, 2 ** 31);
  const shape = { cx, baseY, scale, flip, look: "silhouette" } as const;
  const rim = bust({ ...shape, rng: new Rng(seed), fill: p.accent, stroke: p.accent, strokeWidth: 8 });
  const body = bust({ ...shape, rng: new Rng(seed), fill: "#0b0b12", eyes: rng.chance(0.6) ? p.accent : undefined });
  return rim + body;
}

/** Renders the title, shrinking the font until it fits the box. */
async function fitTitle(o: CoverArtOptions, maxWidth: number, maxHeight: number, start: number): Promise<TextLayer> {
  const text = o.language === "en" ? o.title.toUpperCase() : o.title;
  let size = start;
  for (;;) {
    const layer = await o.texts.get({ text, font: TITLE_FONT[o.language], size, color: "#ffffff", width: maxWidth, spacing: o.language === "en" ? 0 : undefined });
    if ((layer.height <= maxHeight && layer.width <= maxWidth) || size <= 28) return layer;
    size = Math.round(size * 0.88);
  }
}

/** Flattens to raw RGB so later resizes apply to the finished picture (sharp composites after resizing). */
async function flatten(svg: Buffer, overlays: OverlayOptions[]): Promise<Sharp> {
  const { data, info } = await sharp(svg).composite(overlays).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
}

export async function renderCover(o: CoverArtOptions): Promise<Sharp> {
  const rng = Rng.for("cover", o.key);
  const p = paletteFor(o.genres);
  const w = COVER_WIDTH;
  const h = COVER_HEIGHT;
  const flip = rng.chance(0.5);
  const focus = { x: w * rng.float(0.35, 0.65), y: h * 0.5 };
  const prop = genreProp(o.genres[0] ?? "Action", { w, h, cx: focus.x, cy: h * 0.55, accent: p.accent, rng });
  const shade =
    `<defs><linearGradient id="top" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="bottom" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.8"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h * 0.36}" fill="url(#top)"/><rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="url(#bottom)"/>`;
  const frame = `<rect x="14" y="14" width="${w - 28}" height="${h - 28}" fill="none" stroke="${p.accent}" stroke-width="3" opacity="0.8"/>`;

  const title = await fitTitle(o, w - 80, 250, o.language === "en" ? 76 : 66);
  const titleShadow = await haloOf(title, { radius: 7, grey: 0, strength: 1.6 });
  const titleTop = 44;
  const label = await o.texts.get({ text: o.language === "en" ? "VOL. 1" : "المجلد ١", font: LABEL_FONT[o.language], size: 22, color: "#111111" });
  const credit = await o.texts.get({ text: o.credit, font: LABEL_FONT[o.language], size: 24, color: "#ffffff", width: w - 200 });
  const labelBox = { w: label.width + 28, h: label.height + 12 };
  const labelX = o.language === "en" ? w - 34 - labelBox.w : 34;
  const creditX = o.language === "en" ? 36 : w - 36 - credit.width;
  const badge = `<rect x="${labelX}" y="${h - 40 - labelBox.h}" width="${labelBox.w}" height="${labelBox.h}" rx="6" fill="${p.accent}"/>`;

  const body =
    backdrop(w, h, p, rng, focus) +
    prop +
    figure(p, rng, focus.x, h + 8, 205, flip) +
    shade +
    frame +
    badge;
  const left = Math.round((w - title.width) / 2);
  return flatten(svgDocument(w, h, body), [
    { input: titleShadow.png, left: left - titleShadow.pad, top: titleTop - titleShadow.pad },
    { input: title.png, left, top: titleTop },
    { input: label.png, left: labelX + 14, top: h - 40 - labelBox.h + 6 },
    { input: credit.png, left: Math.round(creditX), top: h - 40 - Math.round((labelBox.h + credit.height) / 2) },
  ]);
}

/** A wide banner without text, darker on the left and bottom where the site places its own text. */
export async function renderBanner(o: Omit<CoverArtOptions, "credit" | "texts">): Promise<Sharp> {
  const rng = Rng.for("banner", o.key);
  const p = paletteFor(o.genres);
  const w = BANNER_WIDTH;
  const h = BANNER_HEIGHT;
  const focus = { x: w * 0.74, y: h * 0.42 };
  const prop = genreProp(o.genres[0] ?? "Action", { w, h, cx: focus.x, cy: h * 0.5, accent: p.accent, rng });
  const shade =
    `<defs><linearGradient id="left" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.8"/><stop offset="0.6" stop-color="#000" stop-opacity="0.15"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="low" x1="0" y1="0" x2="0" y2="1"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#left)"/><rect width="${w}" height="${h}" fill="url(#low)"/>`;
  const body = backdrop(w, h, p, rng, focus) + prop + figure(p, rng, focus.x, h + 8, 175, rng.chance(0.5)) + shade;
  return flatten(svgDocument(w, h, body), []);
}
