/**
 * Halftone "screentone" for B&W pages, applied in JS after rasterising: librsvg renders SVG
 * <pattern> fills tile by tile and takes over a second for a full page, while this pass over the
 * grey pixels takes a few milliseconds.
 *
 * Drawings mark toned areas with the exact grey TONE_MARK; every pixel of that value is replaced
 * by a dot of a 45°-rotated grid.
 */

export const TONE_MARK = 128;
export const TONE_FILL = "#808080";

export function applyScreentone(grey: Buffer, width: number, height: number, spacing: number): void {
  const radius = spacing * 0.24;
  const inv = 1 / spacing;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (grey[row + x] !== TONE_MARK) continue;
      // Rotate 45° and find the distance to the nearest grid point.
      const u = (x + y) * Math.SQRT1_2 * inv;
      const v = (x - y) * Math.SQRT1_2 * inv;
      const du = (u - Math.round(u)) * spacing;
      const dv = (v - Math.round(v)) * spacing;
      const d = Math.sqrt(du * du + dv * dv) - radius;
      // One pixel of anti-aliasing at the dot's edge.
      grey[row + x] = d <= -0.5 ? 0 : d >= 0.5 ? 255 : Math.round((d + 0.5) * 255);
    }
  }
}
