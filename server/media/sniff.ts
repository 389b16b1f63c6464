/** Content sniffing by magic bytes only: the file name and the client's Content-Type are never trusted. */

export type ImageMime = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(text: string): number[] {
  return Array.from(text, (c) => c.charCodeAt(0));
}

/** The image type of `bytes`, or null when it is not one of the four decodable types. */
export function sniffImage(bytes: Uint8Array): ImageMime | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  // RIFF container: "RIFF" <4-byte size> "WEBP"
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** True when `bytes` start like a PDF document ("%PDF-"). */
export function isPdf(bytes: Uint8Array): boolean {
  return startsWith(bytes, ascii("%PDF-"));
}
