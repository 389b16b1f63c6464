import sharp, { type OverlayOptions, type Sharp } from "sharp";
import { Rng } from "../random";
import type { FontName } from "../fonts";
import { layoutPanels, FRAME, PAGE_HEIGHT, PAGE_WIDTH } from "./page-layout";
import { paintPanel, panelContext, type BubbleRequest, type SfxRequest } from "./page-panels";
import { pathData, points, svgDocument, type Point } from "./svg";
import { applyScreentone, TONE_FILL } from "./screentone";
import { haloOf } from "./text";
import type { TextCache } from "./text-cache";

/**
 * One black-and-white manga page: panels with focus lines, speed lines, screentone, figures and
 * speech bubbles, and a large page number in the bottom band so the reader can always tell pages apart.
 */

export type ArtLanguage = "en" | "ar";

export interface PageArtOptions {
  /** Art style (seeds the layouts and drawings). */
  style: number;
  language: ArtLanguage;
  pageNumber: number;
  texts: TextCache;
}

const LINES: Record<ArtLanguage, readonly string[]> = {
  en: [
    "Wait... you're still here?", "I won't lose. Not today!", "Run!", "What was that sound?",
    "Hmph. Too slow.", "It's starting.", "Don't look back!", "So this is the legend...",
    "I promised her.", "We end this now!", "Huh?!", "Who's there?!", "Not bad, kid.", "Again!",
    "Everyone, get down!", "...Thank you.", "You came back.", "Is that all you've got?",
  ],
  ar: [
    "انتظر... ما زلت هنا؟", "لن أخسر، ليس اليوم!", "اهرب!", "ما هذا الصوت؟", "بطيء جدًا.",
    "لقد بدأ الأمر.", "لا تنظر إلى الخلف!", "إذن هذه هي الأسطورة...", "لقد وعدتها.", "سننهي هذا الآن!",
    "ماذا؟!", "من هناك؟!", "لست سيئًا يا فتى.", "مرة أخرى!", "انبطحوا جميعًا!", "...شكرًا لك.",
    "لقد عدت.", "هل هذا كل ما لديك؟",
  ],
};

const SOUNDS: Record<ArtLanguage, readonly string[]> = {
  en: ["BOOM!", "KRAK!", "WHOOSH", "BAM!", "SHING", "THUD", "ZZZT"],
  ar: ["بووم!", "طاخ!", "ووووش", "بام!", "دوم!"],
};

const FONTS: Record<ArtLanguage, { speech: FontName; sound: FontName }> = {
  en: { speech: "latinText", sound: "latinBlack" },
  ar: { speech: "arabicText", sound: "arabicBlack" },
};

/** The panels' clipped drawings and borders, plus what they asked to have laid on top. */
interface PanelSheet {
  defs: string[];
  body: string[];
  bubbles: BubbleRequest[];
  sounds: SfxRequest[];
}

function drawPanels(rng: Rng, o: PageArtOptions): PanelSheet {
  const panels = layoutPanels(rng, o.pageNumber === 1);
  const sheet: PanelSheet = { defs: [], body: [], bubbles: [], sounds: [] };
  panels.forEach((panel, i) => {
    sheet.defs.push(`<clipPath id="c${i}"><polygon points="${points(panel)}"/></clipPath>`);
    const painted = paintPanel(panelContext(panel, rng, TONE_FILL));
    sheet.body.push(`<g clip-path="url(#c${i})">${painted.svg}</g>`);
    sheet.bubbles.push(...painted.bubbles.slice(0, 2));
    sheet.sounds.push(...painted.sfx);
  });
  const borderWidth = o.style % 2 === 0 ? 6 : 8;
  sheet.body.push(...panels.map((p) => `<polygon points="${points(p)}" fill="none" stroke="#000" stroke-width="${borderWidth}"/>`));
  return sheet;
}

/** Speech bubbles, sound effects and the page number: SVG shapes plus text overlays. */
async function letter(sheet: PanelSheet, rng: Rng, o: PageArtOptions): Promise<OverlayOptions[]> {
  const overlays: OverlayOptions[] = [];
  const lines = rng.shuffle(LINES[o.language]);
  for (const [i, request] of sheet.bubbles.entries()) {
    const placed = await speechBubble(request, lines[i % lines.length] ?? "...", o);
    if (!placed) continue;
    sheet.body.push(placed.svg);
    overlays.push(placed.overlay);
  }
  for (const request of sheet.sounds) overlays.push(...(await soundEffect(request, rng.pick(SOUNDS[o.language]), o)));
  const number = await pageNumber(o);
  sheet.body.push(number.svg);
  overlays.push(number.overlay);
  return overlays;
}

/**
 * Renders the page to raw pixels and returns pipelines that can be resized and encoded freely: the page, and, when
 * asked, the premium edition of it (issue 27, item 9): the same drawing with a premium ribbon across its top right
 * corner. Media ids are content hashes, so a premium chapter's page drawn exactly like a free one would be the same
 * image, public through the free chapter; the ribbon makes other bytes for the cost of an encoding, not a drawing.
 */
export async function renderPage(o: PageArtOptions): Promise<Sharp>;
export async function renderPage(o: PageArtOptions, editions: { premium: true }): Promise<{ free: Sharp; premium: Sharp }>;
export async function renderPage(o: PageArtOptions, editions?: { premium: true }): Promise<Sharp | { free: Sharp; premium: Sharp }> {
  const rng = Rng.for("page", o.style, o.pageNumber);
  const sheet = drawPanels(rng, o);
  const overlays = await letter(sheet, rng, o);
  const svg = svgDocument(PAGE_WIDTH, PAGE_HEIGHT, `<defs>${sheet.defs.join("")}</defs><rect width="100%" height="100%" fill="#fff"/>${sheet.body.join("")}`);
  // Flatten to grey raw pixels first: sharp applies resize before composite, so variants must start
  // from the finished page (and a one-channel JPEG is smaller and faster to encode).
  const { data, info } = await sharp(svg).composite(overlays).greyscale().raw().toBuffer({ resolveWithObject: true });
  applyScreentone(data, info.width, info.height, o.style % 2 === 0 ? 7 : 9);
  const raw = { raw: { width: info.width, height: info.height, channels: 1 as const } };
  if (!editions) return sharp(data, raw);
  const premium = Buffer.from(data);
  stampPremiumRibbon(premium, info.width, info.height);
  return { free: sharp(data, raw), premium: sharp(premium, raw) };
}

/** A dark diagonal band with a light stripe across the page's top right corner (one-channel pixels, in place). */
export function stampPremiumRibbon(grey: Buffer, width: number, height: number): void {
  const reach = Math.round(width * 0.22);
  const band = Math.max(12, Math.round(width * 0.045));
  for (let y = 0; y < Math.min(height, reach + band); y++) {
    for (let x = Math.max(0, width - reach - band); x < width; x++) {
      // Distance along the diagonal from the corner: the band runs between `reach - band` and `reach`.
      const d = width - 1 - x + y;
      if (d < reach - band || d >= reach) continue;
      const middle = Math.abs(d - (reach - band / 2)) < band / 8;
      grey[y * width + x] = middle ? 235 : 25;
    }
  }
}

async function speechBubble(request: BubbleRequest, line: string, o: PageArtOptions): Promise<{ svg: string; overlay: OverlayOptions } | null> {
  const width = Math.round(Math.max(150, Math.min(340, request.maxWidth)));
  const text = await o.texts.get({ text: line, font: FONTS[o.language].speech, size: 27, color: "#111111", width });
  const rx = text.width / 2 + 34;
  const ry = text.height / 2 + 26;
  // Keep the bubble inside the drawing area.
  const x = Math.min(Math.max(request.x, FRAME.left + rx + 6), FRAME.right - rx - 6);
  const y = Math.min(Math.max(request.y, FRAME.top + ry + 6), FRAME.bottom - ry - 6);
  const [tx, ty] = request.tail;
  const dist = Math.hypot(tx - x, ty - y);
  if (dist < 1) return null;
  // Tail: a narrow triangle from the bubble's rim toward the speaker, at most 70 px long.
  const ux = (tx - x) / dist;
  const uy = (ty - y) / dist;
  const rim = 1 / Math.sqrt((ux * ux) / (rx * rx) + (uy * uy) / (ry * ry));
  const reach = Math.min(dist - rim, 70);
  const tip: Point = [x + ux * (rim + Math.max(reach, 24)), y + uy * (rim + Math.max(reach, 24))];
  const base1: Point = [x + ux * rim * 0.7 - uy * 16, y + uy * rim * 0.7 + ux * 16];
  const base2: Point = [x + ux * rim * 0.7 + uy * 16, y + uy * rim * 0.7 - ux * 16];
  const tail = pathData([base1, tip, base2]);
  const svg =
    `<path d="${tail}" fill="#fff" stroke="#000" stroke-width="4" stroke-linejoin="round"/>` +
    `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="#fff" stroke="#000" stroke-width="4"/>` +
    `<path d="${tail}" fill="#fff"/>`;
  return { svg, overlay: { input: text.png, left: Math.round(x - text.width / 2), top: Math.round(y - text.height / 2) } };
}

async function soundEffect(request: SfxRequest, sound: string, o: PageArtOptions): Promise<OverlayOptions[]> {
  const { box } = request;
  const render = (size: number) => o.texts.get({ text: sound, font: FONTS[o.language].sound, size: Math.round(size), color: "#000000" });
  let text = await render(request.size);
  // Shrink long words so the effect stays inside its panel.
  const fit = Math.min((box.w * 0.85) / text.width, (box.h * 0.6) / text.height);
  if (fit < 1) text = await render(request.size * fit);
  const rotated = await sharp(text.png).rotate(request.angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer({ resolveWithObject: true });
  const layer = { png: rotated.data, width: rotated.info.width, height: rotated.info.height };
  const outline = await haloOf(layer, { radius: 5, grey: 255, strength: 8 });
  const left = Math.round(clamp(request.x - layer.width / 2, box.x + 8, box.x + box.w - layer.width - 8));
  const top = Math.round(clamp(request.y - layer.height / 2, box.y + 8, box.y + box.h - layer.height - 8));
  return [
    { input: outline.png, left: left - outline.pad, top: top - outline.pad },
    { input: layer.png, left, top },
  ];
}

/** Clamps into [min, max]; when the range is empty the lower bound wins. */
function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

/** A black pill in the bottom band with the number in large white digits. */
async function pageNumber(o: PageArtOptions): Promise<{ svg: string; overlay: OverlayOptions }> {
  const text = await o.texts.get({ text: String(o.pageNumber), font: "latinBold", size: 84, color: "#ffffff" });
  const height = 112;
  const width = Math.max(170, text.width + 96);
  const cy = (FRAME.bottom + PAGE_HEIGHT) / 2 + 4;
  const svg = `<rect x="${(PAGE_WIDTH - width) / 2}" y="${cy - height / 2}" width="${width}" height="${height}" rx="${height / 2}" fill="#000"/>`;
  return { svg, overlay: { input: text.png, left: Math.round((PAGE_WIDTH - text.width) / 2), top: Math.round(cy - text.height / 2) } };
}
