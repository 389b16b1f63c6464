import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openArtCache } from "./art-cache";

const image = (n: number) => ({ bytes: Buffer.from(`jpeg-${n}`.repeat(n)), mime: "image/jpeg" as const, width: 10 * n, height: 20 * n });

describe("seed art cache", () => {
  let dir: string | undefined;
  afterEach(async () => {
    vi.unstubAllEnvs();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("draws once, then answers the same images from disk", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "art-cache-"));
    vi.stubEnv("SEED_ART_CACHE", dir);
    const draw = vi.fn(async () => [image(1), image(3)]);
    const first = await (await openArtCache()).get("page-1-2", draw);
    const again = await (await openArtCache()).get("page-1-2", draw);
    expect(draw).toHaveBeenCalledTimes(1);
    expect(again).toEqual(first);
    // One folder per version of the drawing code, holding finished entries only (no temporary files left).
    const [version] = await readdir(dir);
    expect(await readdir(path.join(dir, version!))).toEqual(["page-1-2.bin"]);
  });

  it("is off when SEED_ART_CACHE=off", async () => {
    vi.stubEnv("SEED_ART_CACHE", "off");
    const draw = vi.fn(async () => [image(2)]);
    const cache = await openArtCache();
    await cache.get("cover-0", draw);
    await cache.get("cover-0", draw);
    expect(draw).toHaveBeenCalledTimes(2);
  });
});
