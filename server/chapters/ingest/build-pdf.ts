import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { sniffImage } from "@/server/media/sniff";

/**
 * A PDF with one page per image, each page exactly the image's size (1 px = 1 pt) with the image filling it.
 * JPEG and PNG are embedded as they are; WebP and GIF are converted to PNG first. For the demo seed and tests:
 * it trusts its input (no size caps), so never feed it uploads.
 */
export async function buildPdfFromImages(images: readonly Uint8Array[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer("manga-site");
  doc.setCreator("manga-site");
  for (const [i, bytes] of images.entries()) {
    const type = sniffImage(bytes);
    const image =
      type === "image/jpeg"
        ? await doc.embedJpg(bytes)
        : type === "image/png"
          ? await doc.embedPng(bytes)
          : type
            ? await doc.embedPng(await sharp(bytes).png().toBuffer())
            : null;
    if (!image) throw new TypeError(`image ${i + 1} is not a JPEG, PNG, WebP or GIF`);
    const page = doc.addPage([image.width, image.height]);
    page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  }
  return doc.save({ addDefaultPage: false });
}
