import type { Genre } from "@/lib/enums";
import type { Rng } from "../random";
import { pathData, type Point } from "./svg";

/**
 * A genre's emblem behind the figure on covers and banners: a blade, orbits, a crescent moon,
 * petals, a ball, cracks or mountains. Drawn in the area (w × h) with the accent colour.
 */

export interface PropArea {
  w: number;
  h: number;
  /** Where the figure stands (the emblem frames it). */
  cx: number;
  cy: number;
  accent: string;
  rng: Rng;
}

type Prop = (a: PropArea) => string;

const blade: Prop = ({ w, h, cx, cy, accent, rng }) => {
  const angle = rng.float(-35, -20);
  const len = Math.hypot(w, h) * 0.75;
  const width = Math.max(14, w * 0.035);
  const tip: Point = [cx + len / 2, cy];
  const body = pathData([[cx - len / 2, cy - width / 2], [tip[0] - width * 3, cy - width / 2], tip, [tip[0] - width * 3, cy + width / 2], [cx - len / 2, cy + width / 2]]);
  const guard = `<rect x="${cx - len / 2 - 4}" y="${cy - width * 2}" width="${width * 0.8}" height="${width * 4}" fill="${accent}"/>`;
  const grip = `<rect x="${cx - len / 2 - width * 4}" y="${cy - width * 0.4}" width="${width * 4}" height="${width * 0.8}" fill="#111"/>`;
  const shine = `<path d="M${cx - len / 2} ${cy - width * 0.15}H${tip[0] - width * 3}" stroke="#fff" stroke-width="${width * 0.18}" opacity="0.8"/>`;
  return `<g transform="rotate(${angle} ${cx} ${cy})"><path d="${body}" fill="#e9eef5" stroke="#111" stroke-width="3"/>${shine}${guard}${grip}</g>`;
};

const orbits: Prop = ({ w, h, cx, cy, accent, rng }) => {
  const rings: string[] = [];
  for (let i = 0; i < 3; i++) {
    const rx = w * (0.35 + i * 0.12);
    const ry = h * (0.08 + i * 0.03);
    const tilt = rng.float(-25, 25);
    rings.push(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${accent}" stroke-width="${3 + i}" opacity="0.7" transform="rotate(${tilt} ${cx} ${cy})"/>`);
    const a = rng.float(0, Math.PI * 2);
    rings.push(`<circle cx="${cx + Math.cos(a) * rx * 0.9}" cy="${cy + Math.sin(a) * ry}" r="${6 + i * 4}" fill="${accent}" transform="rotate(${tilt} ${cx} ${cy})"/>`);
  }
  return rings.join("");
};

const moon: Prop = ({ w, h, accent, rng }) => {
  // Below the cover's title block, beside the figure's head.
  const r = Math.min(w, h) * 0.13;
  const mx = w * rng.float(0.74, 0.84);
  const my = h * 0.42;
  const stars: string[] = [];
  for (let i = 0; i < 14; i++) {
    const sx = rng.float(0, w);
    const sy = rng.float(0, h * 0.55);
    const s = rng.float(3, 9);
    stars.push(pathData([[sx, sy - s], [sx + s * 0.25, sy - s * 0.25], [sx + s, sy], [sx + s * 0.25, sy + s * 0.25], [sx, sy + s], [sx - s * 0.25, sy + s * 0.25], [sx - s, sy], [sx - s * 0.25, sy - s * 0.25]]));
  }
  // A crescent: the moon's disc minus an offset disc (even-odd fill of two circles).
  const circle = (x: number, y: number, rr: number) => `M${x - rr} ${y}a${rr} ${rr} 0 1 0 ${rr * 2} 0a${rr} ${rr} 0 1 0 ${-rr * 2} 0Z`;
  const crescent = `<path d="${circle(mx, my, r)}${circle(mx + r * 0.45, my - r * 0.2, r * 0.85)}" fill="${accent}" fill-rule="evenodd"/>`;
  return `<path d="${stars.join("")}" fill="#fff" opacity="0.85"/>${crescent}`;
};

const petals: Prop = ({ w, h, accent, rng }) => {
  const items: string[] = [];
  for (let i = 0; i < 22; i++) {
    const x = rng.float(0, w);
    const y = rng.float(0, h * 0.8);
    const s = rng.float(6, 16);
    items.push(`<ellipse cx="${x}" cy="${y}" rx="${s}" ry="${s * 0.55}" transform="rotate(${rng.float(0, 180)} ${x} ${y})" fill="${rng.chance(0.5) ? accent : "#ffd6e8"}" opacity="${rng.float(0.6, 0.95).toFixed(2)}"/>`);
  }
  return items.join("");
};

const ball: Prop = ({ w, h, accent, rng }) => {
  const r = Math.min(w, h) * 0.12;
  const x = w * rng.float(0.72, 0.82);
  const y = h * 0.42;
  const arcs = [0, 1, 2].map((i) => `<path d="M${x - r * (1.6 + i * 0.5)} ${y + r * (0.6 + i * 0.4)}q${r} ${-r * 0.4} ${r * 1.2} ${-r * 1.2}" fill="none" stroke="${accent}" stroke-width="5" opacity="${0.8 - i * 0.2}"/>`);
  return `${arcs.join("")}<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" stroke="#111" stroke-width="4"/><path d="M${x - r} ${y}q${r} ${r * 0.5} ${r * 2} 0M${x} ${y - r}q${-r * 0.5} ${r} 0 ${r * 2}" fill="none" stroke="#c1121f" stroke-width="4"/>`;
};

const cracks: Prop = ({ w, h, accent, rng }) => {
  const lines: string[] = [];
  for (let i = 0; i < 4; i++) {
    let x = rng.float(0, w);
    let y = 0;
    const pts: string[] = [`M${x.toFixed(1)} 0`];
    while (y < h * 0.7) {
      x += rng.float(-40, 40);
      y += rng.float(30, 70);
      pts.push(`L${x.toFixed(1)} ${y.toFixed(1)}`);
    }
    lines.push(pts.join(""));
  }
  const drips: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = rng.float(0, w);
    const len = rng.float(30, 140);
    const dw = rng.float(6, 14);
    drips.push(`M${x} 0v${len}a${dw / 2} ${dw / 2} 0 0 0 ${dw} 0v${-len}Z`);
  }
  return `<path d="${lines.join("")}" fill="none" stroke="${accent}" stroke-width="3" opacity="0.55"/><path d="${drips.join("")}" fill="#6a040f"/>`;
};

const mountains: Prop = ({ w, h, accent, rng }) => {
  const base = h * 0.62;
  const ridge: Point[] = [[0, base]];
  for (let x = 0; x <= w; x += w / 8) ridge.push([x, base - rng.float(0.05, 0.25) * h]);
  ridge.push([w, base], [w, h], [0, h]);
  const birds: string[] = [];
  for (let i = 0; i < 5; i++) {
    const bx = rng.float(w * 0.1, w * 0.9);
    const by = rng.float(h * 0.1, h * 0.3);
    birds.push(`M${bx - 12} ${by}q6 -8 12 0q6 -8 12 0`);
  }
  return `<path d="${pathData(ridge)}" fill="#000" opacity="0.35"/><path d="${birds.join("")}" fill="none" stroke="${accent}" stroke-width="3"/>`;
};

const PROPS: Record<Genre, Prop> = {
  Action: blade, MartialArts: blade, Historical: blade, Adventure: mountains,
  SciFi: orbits, Mecha: orbits,
  Fantasy: moon, Supernatural: moon, Mystery: moon,
  SchoolLife: petals, SliceOfLife: petals, Comedy: petals, Drama: petals,
  Sports: ball,
  Horror: cracks, Psychological: cracks, Tragedy: cracks,
};

export function genreProp(genre: Genre, area: PropArea): string {
  return PROPS[genre](area);
}
