import type { Rng } from "../random";
import { pathData, type Point } from "./svg";

/**
 * A manga-style bust (shoulders, neck, head, hair), drawn in a unit space and scaled.
 * "silhouette" fills everything with one colour (covers); "ink" draws white shapes with black
 * outlines, a face and black or white hair (B&W pages).
 */
export interface BustOptions {
  cx: number;
  /** y of the bottom of the shoulders */
  baseY: number;
  /** height of the head in px is about 1 × scale */
  scale: number;
  rng: Rng;
  look: "silhouette" | "ink";
  fill: string;
  stroke?: string;
  strokeWidth?: number;
  /** Mirror horizontally (the figure faces the other way). */
  flip?: boolean;
  /** Silhouettes only: colour of glowing eye slits. */
  eyes?: string;
}

type Hair = "spiky" | "long" | "bob" | "ponytail";
type ToUnit = (p: Point) => Point;

export function bust(o: BustOptions): string {
  const s = o.scale;
  const dir = o.flip ? -1 : 1;
  const at: ToUnit = ([x, y]) => [o.cx + x * s * dir, o.baseY + y * s];
  const stroke = o.stroke ? `stroke="${o.stroke}" stroke-width="${o.strokeWidth ?? 4}" stroke-linejoin="round"` : "";
  const paint = `fill="${o.fill}" ${stroke}`;
  const hairStyle = o.rng.pick<Hair>(["spiky", "spiky", "long", "bob", "ponytail"]);
  const hairFill = o.look === "ink" && o.rng.chance(0.45) ? "#111" : o.fill;
  const hairPaint = `fill="${hairFill}" ${stroke}`;

  const torso = pathData(
    ([
      [-1.25, 0.05], [-1.18, -0.45], [-0.95, -0.7], [-0.5, -0.82], [-0.2, -0.9],
      [0.2, -0.9], [0.5, -0.82], [0.95, -0.7], [1.18, -0.45], [1.25, 0.05],
    ] as Point[]).map(at),
  );
  const neck = pathData(([[-0.17, -1.0], [0.17, -1.0], [0.2, -0.82], [-0.2, -0.82]] as Point[]).map(at));
  const [hx, hy] = at([0.04, -1.38]);
  const head = `<ellipse cx="${hx}" cy="${hy}" rx="${0.4 * s}" ry="${0.5 * s}" ${paint}/>`;
  const parts: string[] = [];
  // Long hair and ponytails fall behind the shoulders, so they are drawn first.
  if (hairStyle === "long") parts.push(`<path d="${pathData(backHair().map(at))}" ${hairPaint}/>`);
  if (hairStyle === "ponytail") parts.push(`<path d="${pathData(ponytail(o.rng).map(at))}" ${hairPaint}/>`);
  parts.push(`<path d="${torso}" ${paint}/>`, `<path d="${neck}" ${paint}/>`, head);
  parts.push(`<path d="${pathData(fringe(hairStyle, o.rng).map(at))}" ${hairPaint}/>`);
  if (o.look === "ink") parts.push(face(at, s, o.rng), collar(at, o.stroke ?? "#000"));
  if (o.look === "silhouette" && o.eyes) parts.push(glowingEyes(at, s, o.eyes));
  return parts.join("");
}

/** Two narrow, slanted slits with a soft glow: the classic mysterious-hero cover. */
function glowingEyes(at: ToUnit, s: number, colour: string): string {
  return [-0.1, 0.2]
    .map((x) => {
      const inner = x < 0.05 ? 1 : -1; // slant both slits down toward the nose
      const slit = ([[x - 0.1, -1.31 - 0.03 * inner], [x + 0.1, -1.31 + 0.03 * inner], [x + 0.02, -1.27]] as Point[]).map(at);
      const [gx, gy] = at([x, -1.3]);
      return (
        `<ellipse cx="${gx}" cy="${gy}" rx="${0.2 * s}" ry="${0.1 * s}" fill="${colour}" opacity="0.25"/>` +
        `<path d="${pathData(slit)}" fill="${colour}"/>`
      );
    })
    .join("");
}

/** Hair over the top of the head ending in a zigzag fringe over the forehead. */
function fringe(style: Hair, rng: Rng): Point[] {
  const pts: Point[] = [[-0.47, -1.1]];
  const spikes = rng.int(6, 9);
  for (let i = 0; i <= spikes; i++) {
    const a = Math.PI * (1.0 + i / spikes); // from the left ear over the top to the right ear
    const len = style === "spiky" && i % 2 === 0 ? rng.float(0.22, 0.55) : rng.float(0.04, 0.09);
    const r = 0.5 + len;
    pts.push([0.04 + Math.cos(a) * r * 0.95, -1.42 + Math.sin(a) * r]);
  }
  pts.push([0.52, -1.08]);
  const strands = style === "bob" ? 4 : 6;
  for (let i = 0; i <= strands; i++) {
    const x = 0.44 - (i * 0.86) / strands;
    pts.push([x, i % 2 === 0 ? -1.48 : -1.28 - rng.float(0, 0.08)]);
  }
  if (style === "bob") pts.push([-0.5, -1.0], [-0.56, -1.05]);
  return pts;
}

function backHair(): Point[] {
  return [[-0.5, -1.5], [-0.62, -1.1], [-0.7, -0.55], [-0.55, -0.6], [-0.4, -0.75], [0.48, -0.75], [0.62, -0.6], [0.78, -0.55], [0.7, -1.1], [0.58, -1.5]];
}

function ponytail(rng: Rng): Point[] {
  const sway = rng.float(-0.1, 0.15);
  return [[0.3, -1.75], [0.75, -1.65], [1.0 + sway, -1.2], [0.95 + sway, -0.85], [0.8, -1.1], [0.55, -1.45]];
}

function face(at: ToUnit, s: number, rng: Rng): string {
  const eyeRy = rng.pick([0.1, 0.12, 0.14]);
  const eye = (x: number) => {
    const [ex, ey] = at([x, -1.3]);
    return (
      `<ellipse cx="${ex}" cy="${ey}" rx="${0.085 * s}" ry="${eyeRy * s}" fill="#111"/>` +
      `<circle cx="${ex - 0.03 * s}" cy="${ey - 0.045 * s}" r="${0.035 * s}" fill="#fff"/>`
    );
  };
  const [m1x, m1y] = at([-0.02, -1.07]);
  const [m2x, m2y] = at([0.12, -1.08]);
  const mouth = rng.chance(0.3)
    ? `<ellipse cx="${(m1x + m2x) / 2}" cy="${m1y}" rx="${0.05 * s}" ry="${0.035 * s}" fill="#111"/>`
    : `<path d="M${m1x} ${m1y}L${m2x} ${m2y}" stroke="#111" stroke-width="${Math.max(2, 0.03 * s)}"/>`;
  return `${eye(-0.1)}${eye(0.2)}${mouth}`;
}

function collar(at: ToUnit, stroke: string): string {
  const pts = ([[-0.45, -0.8], [0, -0.45], [0.45, -0.8]] as Point[]).map(at);
  return `<polyline points="${pts.map(([x, y]) => `${x},${y}`).join(" ")}" fill="none" stroke="${stroke}" stroke-width="4"/>`;
}
