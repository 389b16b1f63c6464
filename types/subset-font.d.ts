declare module "subset-font" {
  /** A font cut down to the glyphs `text` needs (HarfBuzz's subsetter), in the format asked for. */
  export default function subsetFont(font: Buffer, text: string, options?: { targetFormat?: "sfnt" | "woff" | "woff2"; preserveNameIds?: number[]; variationAxes?: Record<string, number | { min: number; max: number; default?: number }> }): Promise<Buffer>;
}
