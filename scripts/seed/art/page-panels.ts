import type { Rng } from "../random";
import { bust } from "./figures";
import { bounds, pathData, points, type Box, type Point } from "./svg";
import type { Panel } from "./page-layout";

/**
 * What is drawn inside one panel of a black-and-white page. Each painter returns SVG for the
 * panel's clipped group and may ask for speech bubbles or a sound effect, which are laid out later
 * (they need the rendered text's size).
 */

export interface BubbleRequest {
  /** Centre of the bubble. */
  x: number;
  y: number;
  /** Where the tail points. */
  tail: Point;
  /** Largest text width. */
  maxWidth: number;
}

export interface SfxRequest {
  x: number;
  y: number;
  size: number;
  angle: number;
  /** The panel's bounds: the effect is shrunk and moved to stay inside. */
  box: Box;
}

export interface PanelArt {
  svg: string;
  bubbles: BubbleRequest[];
  sfx: SfxRequest[];
}

export interface PanelContext {
  panel: Panel;
  box: Box;
  rng: Rng;
  /** Fill that marks an area for screentone (see screentone.ts). */
  tone: string;
}

type Painter = (ctx: PanelContext) => PanelArt;

const art = (svg: string, bubbles: BubbleRequest[] = [], sfx: SfxRequest[] = []): PanelArt => ({ svg, bubbles, sfx });

/** Focus lines: thin black wedges converging on a point, leaving a clear centre. */
function focusLines(center: Point, inner: number, outer: number, rng: Rng, count: number): string {
  const wedges: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + rng.float(-0.04, 0.04);
    const half = rng.float(0.006, 0.022);
    const r0 = inner * rng.float(0.9, 1.5);
    const tip: Point = [center[0] + Math.cos(a) * r0, center[1] + Math.sin(a) * r0];
    const p1: Point = [center[0] + Math.cos(a - half) * outer, center[1] + Math.sin(a - half) * outer];
    const p2: Point = [center[0] + Math.cos(a + half) * outer, center[1] + Math.sin(a + half) * outer];
    wedges.push(pathData([tip, p1, p2]));
  }
  return `<path d="${wedges.join("")}" fill="#000"/>`;
}

const burst: Painter = ({ box, rng }) => {
  const c: Point = [box.x + box.w * rng.float(0.35, 0.65), box.y + box.h * rng.float(0.4, 0.6)];
  const inner = Math.min(box.w, box.h) * 0.28;
  const lines = focusLines(c, inner, Math.hypot(box.w, box.h), rng, 90);
  const figure = bust({ cx: c[0], baseY: box.y + box.h + 6, scale: Math.min(box.h * 0.42, box.w * 0.3), rng, look: "ink", fill: "#fff", stroke: "#000", strokeWidth: 5 });
  const sfx = rng.chance(0.5) ? [{ x: box.x + box.w * 0.3, y: box.y + box.h * 0.25, size: Math.min(90, box.h * 0.3), angle: rng.float(-14, 14), box }] : [];
  return art(lines + figure, [], sfx);
};

const speed: Painter = ({ box, rng }) => {
  const angle = rng.pick([0, -12, 12, -25]);
  const lines: string[] = [];
  const span = Math.hypot(box.w, box.h);
  for (let i = 0; i < 70; i++) {
    const y = box.y - span * 0.25 + rng.next() * span * 1.5;
    const len = rng.float(0.3, 0.9) * span;
    const x = box.x + rng.float(-0.3, 0.7) * box.w;
    lines.push(`M${x.toFixed(1)} ${y.toFixed(1)}h${len.toFixed(1)}v${rng.float(1, 5).toFixed(1)}h${(-len).toFixed(1)}Z`);
  }
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const body = `<g transform="rotate(${angle} ${cx} ${cy})"><path d="${lines.join("")}" fill="#000"/></g>`;
  const flip = rng.chance(0.5);
  const figure = bust({ cx: box.x + box.w * (flip ? 0.7 : 0.3), baseY: box.y + box.h + 6, scale: Math.min(box.h * 0.4, box.w * 0.28), rng, look: "ink", fill: "#fff", stroke: "#000", strokeWidth: 5, flip });
  const bubble = rng.chance(0.6) ? [{ x: box.x + box.w * (flip ? 0.3 : 0.7), y: box.y + box.h * 0.3, tail: [box.x + box.w * (flip ? 0.6 : 0.4), box.y + box.h * 0.55] as Point, maxWidth: box.w * 0.42 }] : [];
  return art(body + figure, bubble);
};

const city: Painter = ({ box, rng, tone }) => {
  const horizon = box.y + box.h * rng.float(0.45, 0.65);
  const sky = `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${horizon - box.y}" fill="${tone}"/>`;
  const moon = `<circle cx="${box.x + box.w * rng.float(0.6, 0.85)}" cy="${box.y + box.h * 0.22}" r="${Math.min(box.w, box.h) * 0.12}" fill="#fff" stroke="#000" stroke-width="4"/>`;
  const buildings: string[] = [];
  const windows: string[] = [];
  let x = box.x - 10;
  while (x < box.x + box.w) {
    const w = rng.float(40, 110);
    const top = horizon - rng.float(0.05, 0.5) * box.h;
    buildings.push(`M${x.toFixed(1)} ${box.y + box.h}V${top.toFixed(1)}h${w.toFixed(1)}V${box.y + box.h}Z`);
    for (let wy = top + 14; wy < box.y + box.h - 20; wy += 26) {
      for (let wx = x + 10; wx < x + w - 14; wx += 20) {
        if (rng.chance(0.45)) windows.push(`M${wx.toFixed(1)} ${wy.toFixed(1)}h8v12h-8Z`);
      }
    }
    x += w + rng.float(0, 8);
  }
  const bubble = rng.chance(0.4) ? [{ x: box.x + box.w * 0.3, y: box.y + box.h * 0.2, tail: [box.x + box.w * 0.45, box.y + box.h * 0.5] as Point, maxWidth: box.w * 0.4 }] : [];
  return art(`${sky}${moon}<path d="${buildings.join("")}" fill="#000"/><path d="${windows.join("")}" fill="#fff"/>`, bubble);
};

/** A close-up of a pair of eyes: the most manga of panels. */
const eyes: Painter = ({ box, rng, tone }) => {
  const cy = box.y + box.h * 0.5;
  const size = Math.min(box.w * 0.15, box.h * 0.36);
  const one = (cx: number, flip: number) => {
    const lid = `M${cx - size * 1.1 * flip} ${cy + size * 0.1}Q${cx} ${cy - size * 1.05} ${cx + size * 1.0 * flip} ${cy - size * 0.05}`;
    const lower = `M${cx - size * 0.9 * flip} ${cy + size * 0.25}Q${cx} ${cy + size * 0.85} ${cx + size * 0.85 * flip} ${cy + size * 0.2}`;
    const brow = `M${cx - size * 1.1 * flip} ${cy - size * 0.85}Q${cx} ${cy - size * (1.4 + rng.float(-0.2, 0.2))} ${cx + size * 0.9 * flip} ${cy - size * 1.05}`;
    return (
      `<ellipse cx="${cx}" cy="${cy + size * 0.15}" rx="${size * 0.55}" ry="${size * 0.62}" fill="#222"/>` +
      `<ellipse cx="${cx}" cy="${cy + size * 0.2}" rx="${size * 0.3}" ry="${size * 0.36}" fill="#000"/>` +
      `<circle cx="${cx - size * 0.22}" cy="${cy - size * 0.12}" r="${size * 0.16}" fill="#fff"/>` +
      `<circle cx="${cx + size * 0.18}" cy="${cy + size * 0.4}" r="${size * 0.07}" fill="#fff"/>` +
      `<path d="${lid}" fill="none" stroke="#000" stroke-width="${size * 0.16}" stroke-linecap="round"/>` +
      `<path d="${lower}" fill="none" stroke="#000" stroke-width="3"/>` +
      `<path d="${brow}" fill="none" stroke="#000" stroke-width="${size * 0.12}" stroke-linecap="round"/>`
    );
  };
  const hatch: string[] = [];
  for (let i = 0; i < 14; i++) {
    const hx = box.x + box.w * (0.1 + i * 0.06);
    hatch.push(`M${hx} ${cy + size * 1.1}l${size * 0.3} ${-size * 0.35}`);
  }
  const shade = `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h * 0.18}" fill="${tone}"/>`;
  const body = `${shade}${one(box.x + box.w * 0.3, 1)}${one(box.x + box.w * 0.7, -1)}<path d="${hatch.join("")}" stroke="#000" stroke-width="3"/>`;
  const sweat = rng.chance(0.4) ? `<path d="M${box.x + box.w * 0.9} ${box.y + box.h * 0.2}q12 26 0 34q-12 -8 0 -34Z" fill="#fff" stroke="#000" stroke-width="3"/>` : "";
  return art(body + sweat);
};

const talk: Painter = ({ box, rng, tone }) => {
  const background = rng.chance(0.5) ? `<rect x="${box.x}" y="${box.y + box.h * 0.55}" width="${box.w}" height="${box.h * 0.45}" fill="${tone}"/>` : "";
  const two = box.w > 420 && rng.chance(0.7);
  const scale = Math.min(box.h * 0.36, box.w * (two ? 0.18 : 0.28));
  const base = box.y + box.h + 6;
  const figures = two
    ? bust({ cx: box.x + box.w * 0.27, baseY: base, scale, rng, look: "ink", fill: "#fff", stroke: "#000", strokeWidth: 5 }) +
      bust({ cx: box.x + box.w * 0.73, baseY: base, scale: scale * 0.95, rng, look: "ink", fill: "#fff", stroke: "#000", strokeWidth: 5, flip: true })
    : bust({ cx: box.x + box.w * 0.5, baseY: base, scale, rng, look: "ink", fill: "#fff", stroke: "#000", strokeWidth: 5 });
  const headY = base - scale * 1.9;
  const bubbles: BubbleRequest[] = two
    ? [
        { x: box.x + box.w * 0.27, y: box.y + box.h * 0.2, tail: [box.x + box.w * 0.3, headY], maxWidth: box.w * 0.4 },
        { x: box.x + box.w * 0.73, y: box.y + box.h * 0.3, tail: [box.x + box.w * 0.7, headY], maxWidth: box.w * 0.4 },
      ]
    : [{ x: box.x + box.w * 0.5, y: box.y + box.h * 0.2, tail: [box.x + box.w * 0.52, headY], maxWidth: box.w * 0.6 }];
  return art(background + figures, bubbles);
};

const landscape: Painter = ({ box, rng }) => {
  const ground = box.y + box.h * rng.float(0.6, 0.75);
  const sun = `<circle cx="${box.x + box.w * rng.float(0.2, 0.8)}" cy="${box.y + box.h * 0.3}" r="${Math.min(box.w, box.h) * 0.14}" fill="none" stroke="#000" stroke-width="4"/>`;
  const peaks: string[] = [];
  const hatch: string[] = [];
  let x = box.x - 40;
  while (x < box.x + box.w) {
    const w = rng.float(160, 320);
    const h = rng.float(0.25, 0.5) * box.h;
    const peak: Point = [x + w / 2, ground - h];
    peaks.push(pathData([[x, ground], peak, [x + w, ground]]));
    for (let i = 1; i < 8; i++) {
      const t = i / 8;
      hatch.push(`M${(peak[0] + (w / 2) * t).toFixed(1)} ${(peak[1] + h * t).toFixed(1)}l${(-w * 0.12).toFixed(1)} ${(h * 0.1).toFixed(1)}`);
    }
    x += w * 0.7;
  }
  const grass: string[] = [];
  for (let i = 0; i < 30; i++) {
    const gx = box.x + rng.next() * box.w;
    const gy = ground + rng.next() * (box.y + box.h - ground);
    grass.push(`M${gx.toFixed(1)} ${gy.toFixed(1)}l4 -12l4 12`);
  }
  return art(
    `${sun}<path d="${peaks.join("")}" fill="#fff" stroke="#000" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="${hatch.join("")}" stroke="#000" stroke-width="2.5"/>` +
      `<line x1="${box.x}" y1="${ground}" x2="${box.x + box.w}" y2="${ground}" stroke="#000" stroke-width="4"/>` +
      `<path d="${grass.join("")}" fill="none" stroke="#000" stroke-width="2"/>`,
  );
};

const impact: Painter = ({ box, rng }) => {
  const c: Point = [box.x + box.w / 2, box.y + box.h / 2];
  const r = Math.min(box.w, box.h) * 0.42;
  const star: Point[] = [];
  const spikes = 14;
  for (let i = 0; i < spikes * 2; i++) {
    const a = (i / (spikes * 2)) * Math.PI * 2;
    const rr = i % 2 === 0 ? r * rng.float(1.0, 1.25) : r * 0.62;
    star.push([c[0] + Math.cos(a) * rr, c[1] + Math.sin(a) * rr]);
  }
  const rays = focusLines(c, r * 0.8, Math.hypot(box.w, box.h), rng, 60);
  const shape = `<polygon points="${points(star)}" fill="#fff" stroke="#000" stroke-width="6" stroke-linejoin="round"/>`;
  return art(rays + shape, [], [{ x: c[0], y: c[1], size: Math.min(110, r * 0.5), angle: rng.float(-12, 12), box }]);
};

const PAINTERS: Record<string, Painter> = { burst, speed, city, eyes, talk, landscape, impact };
export type PainterName = keyof typeof PAINTERS;

/** Chooses what goes in a panel, favouring kinds that suit its shape. */
export function paintPanel(ctx: PanelContext): PanelArt {
  const { w, h } = ctx.box;
  const wide = w > h * 1.4;
  const options: string[] = wide
    ? ["eyes", "eyes", "city", "landscape", "speed", "talk", "burst"]
    : ["talk", "talk", "burst", "speed", "city", "impact", "landscape"];
  const name = ctx.rng.pick(options);
  return (PAINTERS[name] ?? talk)(ctx);
}

export function panelContext(panel: Panel, rng: Rng, tone: string): PanelContext {
  return { panel, box: bounds(panel), rng, tone };
}
