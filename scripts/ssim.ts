import sharp from "sharp";

/**
 * Structural similarity (SSIM, Wang et al. 2004) of two images as the reader shows them: both are decoded, scaled to
 * the same display size (`width` px, the height following the aspect) and compared in greyscale (luma) over 7×7
 * windows (scikit-image's defaults: uniform window, K1 0.01, K2 0.03, L 255). 1 is identical. For benchmarks only.
 */
export async function ssimAt(a: Buffer, b: Buffer, width: number): Promise<number> {
  const [x, y] = await Promise.all([greyAt(a, width), greyAt(b, width)]);
  if (x.width !== y.width || x.height !== y.height) throw new Error("images of different aspect ratios");
  return meanSsim(x.data, y.data, x.width, x.height);
}

interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

/** Luma at `width` px wide (Lanczos, as sharp scales; a browser's scaling is close to it). */
export async function greyAt(image: Buffer, width: number): Promise<Grey> {
  const { data, info } = await sharp(image).flatten({ background: "#ffffff" }).resize({ width }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const WIN = 7;
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

/** Mean SSIM over every 7×7 window (summed-area tables for the window moments). */
export function meanSsim(x: Uint8Array, y: Uint8Array, width: number, height: number): number {
  const w1 = width + 1;
  const tables = [new Float64Array(w1 * (height + 1)), new Float64Array(w1 * (height + 1)), new Float64Array(w1 * (height + 1)), new Float64Array(w1 * (height + 1)), new Float64Array(w1 * (height + 1))];
  const [sx, sy, sxx, syy, sxy] = tables as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const a = x[r * width + c] as number;
      const b = y[r * width + c] as number;
      const i = (r + 1) * w1 + c + 1;
      const up = i - w1;
      const left = i - 1;
      const diag = up - 1;
      sx[i] = a + sx[up]! + sx[left]! - sx[diag]!;
      sy[i] = b + sy[up]! + sy[left]! - sy[diag]!;
      sxx[i] = a * a + sxx[up]! + sxx[left]! - sxx[diag]!;
      syy[i] = b * b + syy[up]! + syy[left]! - syy[diag]!;
      sxy[i] = a * b + sxy[up]! + sxy[left]! - sxy[diag]!;
    }
  }
  const n = WIN * WIN;
  const box = (t: Float64Array, r: number, c: number) => t[(r + WIN) * w1 + c + WIN]! - t[r * w1 + c + WIN]! - t[(r + WIN) * w1 + c]! + t[r * w1 + c]!;
  let total = 0;
  let count = 0;
  for (let r = 0; r + WIN <= height; r++) {
    for (let c = 0; c + WIN <= width; c++) {
      const mx = box(sx, r, c) / n;
      const my = box(sy, r, c) / n;
      // Sample (co)variances, as scikit-image computes them.
      const vx = ((box(sxx, r, c) / n - mx * mx) * n) / (n - 1);
      const vy = ((box(syy, r, c) / n - my * my) * n) / (n - 1);
      const cxy = ((box(sxy, r, c) / n - mx * my) * n) / (n - 1);
      total += ((2 * mx * my + C1) * (2 * cxy + C2)) / ((mx * mx + my * my + C1) * (vx + vy + C2));
      count++;
    }
  }
  return total / count;
}
