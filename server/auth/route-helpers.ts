import type { ImageFormat } from "./types";

/** `imageFormat=url` drops base64 image fields (DESIGN §6): the one parser, server/media/image-format.ts. */
export { imageFormatQuery } from "@/server/media/image-format";

export function imageFormatOf(query: { imageFormat?: ImageFormat } | undefined): ImageFormat {
  return query?.imageFormat ?? "base64";
}
