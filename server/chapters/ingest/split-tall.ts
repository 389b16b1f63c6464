import sharp from "sharp";
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from "@/server/media/errors";
import { sniffImage } from "@/server/media/sniff";

/** An image taller than this many times its width is a webtoon strip, cut into pages (docs/decisions/013). */
export const TALL_RATIO = 3;
/** Each cut page is about this many times as tall as it is wide (the last one may be shorter). */
export const SLICE_RATIO = 1.5;

/**
 * Cuts webtoon strips (taller than 3× their width) into readable pages, in order; other files pass through as they
 * are. Only well-formed images within the pixel caps are cut (anything else goes on to the page pipeline, which
 * refuses it with the right error). Slices are encoded losslessly (PNG), so the page pipeline's one JPEG encode is
 * the only lossy step.
 */
export async function splitTallImages(files: readonly Uint8Array[]): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (const file of files) {
    const slices = await sliceIfTall(file);
    out.push(...slices);
  }
  return out;
}

async function sliceIfTall(file: Uint8Array): Promise<Uint8Array[]> {
  const type = sniffImage(file);
  if (!type || type === "image/gif") return [file];
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(file, { limitInputPixels: false }).metadata());
  } catch {
    return [file];
  }
  if (!width || !height || height <= width * TALL_RATIO) return [file];
  if (width > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) return [file];
  // Equal slices, about SLICE_RATIO × width each, so no sliver is left over at the end.
  const count = Math.max(2, Math.round(height / (width * SLICE_RATIO)));
  const sliceHeight = Math.ceil(height / count);
  const slices: Uint8Array[] = [];
  for (let top = 0; top < height; top += sliceHeight) {
    slices.push(
      await sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" })
        .extract({ left: 0, top, width, height: Math.min(sliceHeight, height - top) })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    );
  }
  return slices;
}
