import type { Rng } from "../random";
import type { Point } from "./svg";

/**
 * Panel layouts for a manga page: 2–4 rows, each split into 1–3 panels, with slightly slanted
 * gutters the way hand-drawn pages have them.
 */

export const PAGE_WIDTH = 1000;
export const PAGE_HEIGHT = 1500;
/** Drawing area; the band below it holds the page number. */
export const FRAME = { left: 48, top: 48, right: PAGE_WIDTH - 48, bottom: 1342 } as const;
const GUTTER = 18;

export type Panel = readonly [Point, Point, Point, Point]; // top-left, top-right, bottom-right, bottom-left

function weights(rng: Rng, count: number, spread: number): number[] {
  const raw = Array.from({ length: count }, () => rng.float(1 - spread, 1 + spread));
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => w / total);
}

/** A horizontal cut across the frame: y at the left and right edges. */
interface Cut {
  yl: number;
  yr: number;
}

const yAt = (cut: Cut, x: number) => cut.yl + ((cut.yr - cut.yl) * (x - FRAME.left)) / (FRAME.right - FRAME.left);

export function layoutPanels(rng: Rng, splash: boolean): Panel[] {
  const rows = splash ? 2 : rng.int(2, 4);
  const heights = splash ? [0.72, 0.28] : weights(rng, rows, 0.35);
  const cuts: Cut[] = [{ yl: FRAME.top, yr: FRAME.top }];
  let acc = 0;
  for (let r = 0; r < rows - 1; r++) {
    acc += heights[r] ?? 0;
    const y = FRAME.top + acc * (FRAME.bottom - FRAME.top);
    const tilt = rng.chance(0.5) ? rng.float(-36, 36) : 0;
    cuts.push({ yl: y - tilt, yr: y + tilt });
  }
  cuts.push({ yl: FRAME.bottom, yr: FRAME.bottom });

  const panels: Panel[] = [];
  for (let r = 0; r < rows; r++) {
    const top = cuts[r] as Cut;
    const bottom = cuts[r + 1] as Cut;
    const cols = splash && r === 0 ? 1 : rng.pick([1, 2, 2, 2, 3, 3]);
    const widths = weights(rng, cols, 0.3);
    let x: number = FRAME.left;
    let prevTop: number = FRAME.left;
    let prevBottom: number = FRAME.left;
    for (let c = 0; c < cols; c++) {
      const last = c === cols - 1;
      x += (widths[c] ?? 0) * (FRAME.right - FRAME.left);
      const slant = last ? 0 : rng.chance(0.4) ? rng.float(-40, 40) : 0;
      const nextTop = last ? FRAME.right : x + slant;
      const nextBottom = last ? FRAME.right : x - slant;
      panels.push(inset(top, bottom, prevTop, nextTop, prevBottom, nextBottom, c === 0, last, r === 0, r === rows - 1));
      prevTop = nextTop;
      prevBottom = nextBottom;
    }
  }
  return panels;
}

/** Pulls each inner edge in by half a gutter; the outer frame edges stay put. */
function inset(
  top: Cut, bottom: Cut, lt: number, rt: number, lb: number, rb: number,
  firstCol: boolean, lastCol: boolean, firstRow: boolean, lastRow: boolean,
): Panel {
  const g = GUTTER / 2;
  const l = firstCol ? 0 : g;
  const r = lastCol ? 0 : g;
  const t = firstRow ? 0 : g;
  const b = lastRow ? 0 : g;
  const x1 = lt + l;
  const x2 = rt - r;
  const x3 = rb - r;
  const x4 = lb + l;
  return [
    [x1, yAt(top, x1) + t],
    [x2, yAt(top, x2) + t],
    [x3, yAt(bottom, x3) - b],
    [x4, yAt(bottom, x4) - b],
  ];
}
