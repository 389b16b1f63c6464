import sharp from "sharp";
import { font, type FontFace, type FontName } from "../fonts";

/** Text rendered by sharp (Pango + HarfBuzz, so Arabic is shaped and laid out right to left). */

export interface TextLayer {
  png: Buffer;
  width: number;
  height: number;
}

export interface TextOptions {
  text: string;
  font: FontName;
  /** Font size in pixels. */
  size: number;
  color: string;
  /** Wrap width in pixels. */
  width?: number;
  align?: "left" | "centre" | "right";
  /** Extra space between lines, in pixels (Pango's spacing); negative values are not supported. */
  spacing?: number;
}

export function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * sharp registers a `fontfile` with fontconfig for the rest of the process; rendering a "!" with
 * each extra file of a family once makes its glyphs available as fallbacks for that family.
 */
const registered = new Map<string, Promise<unknown>>();

function registerFiles(face: FontFace): Promise<unknown> {
  return Promise.all(
    face.files.slice(1).map((file) => {
      let done = registered.get(file);
      if (!done) {
        done = sharp({ text: { text: "!", fontfile: file, font: `${face.family},` } }).raw().toBuffer();
        registered.set(file, done);
      }
      return done;
    }),
  );
}

export async function renderText(opts: TextOptions): Promise<TextLayer> {
  const face = font(opts.font);
  await registerFiles(face);
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${opts.color}">${escapeMarkup(opts.text)}</span>`,
      fontfile: face.files[0],
      // The trailing comma makes Pango read the whole name as the family (see fonts.ts).
      font: `${face.family}, ${opts.size}px`,
      dpi: 72,
      rgba: true,
      width: opts.width,
      align: opts.align ?? "centre",
      wrap: "word",
      spacing: opts.spacing,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

export interface HaloOptions {
  /** Blur radius in px: how far the halo reaches. */
  radius: number;
  /** 0–255 grey level of the halo (0 black, 255 white). */
  grey: number;
  /** Multiplier on the blurred alpha: 1 gives a soft shadow, 4+ a solid outline. */
  strength: number;
}

/** A blurred copy of the text's shape in one grey: a soft shadow or, with high strength, an outline. */
export async function haloOf(layer: TextLayer, o: HaloOptions): Promise<TextLayer & { pad: number }> {
  const pad = Math.ceil(o.radius * 3);
  const { data, info } = await sharp(layer.png)
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .linear([0, 0, 0, o.strength], [o.grey, o.grey, o.grey, 0])
    .blur(o.radius)
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height, pad };
}
