import { z } from "zod";
import type { ImageFormat } from "./types";

/**
 * `imageFormat=url` drops base64 image fields (DESIGN §6); anything else keeps the spec's base64.
 * Unknown values are ignored rather than refused.
 */
export const imageFormatQuery = z.object({
  imageFormat: z.enum(["base64", "url"]).optional().catch(undefined),
});

export function imageFormatOf(query: { imageFormat?: ImageFormat } | undefined): ImageFormat {
  return query?.imageFormat ?? "base64";
}
