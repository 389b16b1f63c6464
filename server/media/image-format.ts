import { z } from "zod";

/** `base64` (the spec's default) also sends image bytes; `url` sends only the `/media/{id}` address (DESIGN §6). */
export type ImageFormat = "base64" | "url";

/**
 * THE parser of the `imageFormat` query parameter, for every route that has one: `url` in any case (and spacing) asks
 * for addresses only; anything else, or nothing, keeps the spec's base64. Unknown values are ignored, not refused.
 */
export const imageFormatParam = z
  .unknown()
  .optional()
  .transform((v): ImageFormat => (typeof v === "string" && v.trim().toLowerCase() === "url" ? "url" : "base64"));

/** A query schema of `imageFormat` alone. */
export const imageFormatQuery = z.object({ imageFormat: imageFormatParam });
