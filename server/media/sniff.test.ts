import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { isPdf, sniffImage } from "./sniff";

const solid = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "#c03030" } });

describe("sniffImage", () => {
  it("recognises the four image types from real encoder output", async () => {
    expect(sniffImage(await solid().jpeg().toBuffer())).toBe("image/jpeg");
    expect(sniffImage(await solid().png().toBuffer())).toBe("image/png");
    expect(sniffImage(await solid().webp().toBuffer())).toBe("image/webp");
    expect(sniffImage(await solid().gif().toBuffer())).toBe("image/gif");
  });

  it("recognises both GIF versions by signature alone", () => {
    expect(sniffImage(Buffer.from("GIF87a\x01\x00"))).toBe("image/gif");
    expect(sniffImage(Buffer.from("GIF89a\x01\x00"))).toBe("image/gif");
  });

  it("rejects other formats, look-alikes and short input", async () => {
    expect(sniffImage(await solid().tiff().toBuffer())).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from("BM\x00\x00\x00\x00"))).toBeNull(); // BMP
    expect(sniffImage(Buffer.from("RIFF\x00\x00\x00\x00WAVEfmt "))).toBeNull(); // RIFF but not WebP
    expect(sniffImage(Buffer.from("%PDF-1.7"))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8]))).toBeNull(); // truncated JPEG marker
    expect(sniffImage(new Uint8Array(0))).toBeNull();
    // The name or a leading text never counts: magic bytes must be at offset 0.
    expect(sniffImage(Buffer.concat([Buffer.from(" "), await solid().png().toBuffer()]))).toBeNull();
  });
});

describe("isPdf", () => {
  it("detects the PDF header and nothing else", async () => {
    expect(isPdf(Buffer.from("%PDF-1.4\n%âãÏÓ\n"))).toBe(true);
    expect(isPdf(Buffer.from("%PDF"))).toBe(false);
    expect(isPdf(Buffer.from("%!PS-Adobe-3.0"))).toBe(false);
    expect(isPdf(await solid().png().toBuffer())).toBe(false);
  });
});
