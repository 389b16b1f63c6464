/** Small helpers for building SVG markup for the generated artwork. */

export type Point = readonly [number, number];

const round = (n: number) => Math.round(n * 10) / 10;

export function points(pts: readonly Point[]): string {
  return pts.map(([x, y]) => `${round(x)},${round(y)}`).join(" ");
}

export function polygon(pts: readonly Point[], attrs: string): string {
  return `<polygon points="${points(pts)}" ${attrs}/>`;
}

/** A closed path through the points (used to merge many shapes into one element). */
export function pathData(pts: readonly Point[]): string {
  return `M${pts.map(([x, y]) => `${round(x)} ${round(y)}`).join("L")}Z`;
}

export function svgDocument(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function bounds(pts: readonly Point[]): Box {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}
