import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { processImagePages } from "@/server/chapters/ingest/ingest-images";
import { PAGE_WIDTHS } from "@/server/chapters/ingest/limits";
import { encoderPid, encodesInBackground, processPageVariantsInBackground, stopEncoder } from "./background-encoder";
import { MediaError } from "./errors";
import { processPageVariants } from "./process-image";

/** The page as an upload would send it: a colour gradient PNG. */
const page = () =>
  sharp({ create: { width: 900, height: 1300, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .composite([{ input: Buffer.from('<svg width="900" height="1300"><circle cx="450" cy="650" r="300" fill="#234"/></svg>') }])
    .png()
    .toBuffer();

/** A Linux thread's or process's nice value (field 19 of /proc/<pid>/stat). */
const niceOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]);

afterAll(() => stopEncoder());

describe("the background image encoder (uploads in production)", () => {
  it("answers what processPageVariants answers here, from a child process at a lower CPU priority", async () => {
    const input = await page();
    const [there, here] = await Promise.all([processPageVariantsInBackground({ input, widths: PAGE_WIDTHS }), processPageVariants({ input, widths: PAGE_WIDTHS })]);
    expect([...there.keys()]).toEqual([...here.keys()]);
    for (const [width, image] of here) {
      const other = there.get(width)!;
      expect(Buffer.isBuffer(other.bytes)).toBe(true);
      expect({ ...other, bytes: other.bytes.equals(image.bytes) }).toEqual({ ...image, bytes: true });
    }
    const pid = encoderPid();
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    if (process.platform === "linux") expect(niceOf(pid!)).toBe(10);
  });

  it("refuses a broken image with the same MediaError, and an upload reports its page", async () => {
    const broken = Buffer.concat([(await page()).subarray(0, 400)]);
    const err = await processPageVariantsInBackground({ input: broken, widths: PAGE_WIDTHS }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaError);
    expect((err as MediaError).code).toBe("CORRUPT");
    process.env.IMAGE_ENCODER = "process";
    try {
      expect(encodesInBackground()).toBe(true);
      const refused = await processImagePages({ files: [await page(), broken] }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: "CORRUPT_IMAGE", pageNumber: 2 });
    } finally {
      delete process.env.IMAGE_ENCODER;
    }
  });

  it("encodes in the app process when the encoder stops mid-page, and starts a new one for the next", async () => {
    const input = await page();
    await processPageVariantsInBackground({ input, widths: [700] });
    const first = encoderPid()!;
    const pending = processPageVariantsInBackground({ input, widths: PAGE_WIDTHS });
    process.kill(first, "SIGKILL");
    expect((await pending).size).toBe(PAGE_WIDTHS.length);
    await processPageVariantsInBackground({ input, widths: [700] });
    expect(encoderPid()).toBeGreaterThan(0);
    expect(encoderPid()).not.toBe(first);
  });

  it("is what production uses unless IMAGE_ENCODER says otherwise", () => {
    const env = process.env as Record<string, string | undefined>;
    const before = { node: env.NODE_ENV, choice: env.IMAGE_ENCODER };
    try {
      env.NODE_ENV = "production";
      expect(encodesInBackground()).toBe(true);
      env.IMAGE_ENCODER = "inline";
      expect(encodesInBackground()).toBe(false);
      env.NODE_ENV = "test";
      delete env.IMAGE_ENCODER;
      expect(encodesInBackground()).toBe(false);
    } finally {
      env.NODE_ENV = before.node;
      if (before.choice === undefined) delete env.IMAGE_ENCODER;
      else env.IMAGE_ENCODER = before.choice;
    }
  });
});
