import { beforeAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { media, mediaVariants } from "@/db/schema";
import { GET, HEAD } from "@/app/media/[id]/route";
import { mediaSrcSet, mediaVariantUrl } from "@/lib/media-url";
import { MediaKind } from "./kind";
import { storeImage } from "./store-media";
import { log as logger } from "@/server/core/log";

let id: string;

beforeAll(async () => {
  const db = await getDb();
  const upload = await sharp({ create: { width: 600, height: 900, channels: 3, background: "#aa3355" } }).png().toBuffer();
  ({ id } = await storeImage(db, { input: upload, maxWidth: 600, kind: MediaKind.Cover }));
});

const call = (handler: typeof GET, mediaId: string, query: string, headers: HeadersInit = {}) =>
  handler(new Request(`http://localhost/media/${mediaId}${query}`, { headers }), { params: Promise.resolve({ id: mediaId }) });

describe("GET /media/[id]?w=", () => {
  it("serves a smaller WebP copy with immutable caching, made once and stored as media", async () => {
    const res = await call(GET, id, "?w=320");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toBe(`"${id}-w320"`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(body.byteLength));
    expect(await sharp(body).metadata()).toMatchObject({ format: "webp", width: 320, height: 480 });

    const again = Buffer.from(await (await call(GET, id, "?w=320")).arrayBuffer());
    expect(again.equals(body)).toBe(true);
    const db = await getDb();
    const rows = await db.select().from(mediaVariants).where(eq(mediaVariants.sourceId, id));
    expect(rows).toHaveLength(1);
    const [stored] = await db.select({ mime: media.mime, kind: media.kind }).from(media).where(eq(media.id, rows[0]!.mediaId));
    expect(stored).toEqual({ mime: "image/webp", kind: MediaKind.Cover });
  });

  it("makes a copy once when many first requests arrive together", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(GET, id, "?w=160")));
    const bodies = await Promise.all(answers.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(new Set(bodies.map((b) => b.toString("base64"))).size).toBe(1);
    const rows = await (await getDb()).select().from(mediaVariants).where(eq(mediaVariants.sourceId, id));
    expect(rows.filter((r) => r.width === 160)).toHaveLength(1);
  });

  it("never enlarges: a width above the original keeps the original size", async () => {
    const body = Buffer.from(await (await call(GET, id, "?w=1080")).arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ format: "webp", width: 600, height: 900 });
  });

  it("answers 304 to its own validator without reading the database, and HEAD without a body", async () => {
    const res = await call(GET, id, "?w=480", { "If-None-Match": `"${id}-w480"` });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    const head = await call(HEAD, id, "?w=480");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect(await head.text()).toBe("");
  });

  it("serves a cover's AVIF copies at the AVIF widths (`f=avif`), stored once, and no other width as AVIF", async () => {
    const res = await call(GET, id, "?w=320&f=avif");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/avif");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toBe(`"${id}-w320-avif"`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ format: "heif", width: 320, height: 480 });
    expect(Buffer.from(await (await call(GET, id, "?w=320&f=avif")).arrayBuffer()).equals(body)).toBe(true);
    const rows = await (await getDb()).select().from(mediaVariants).where(eq(mediaVariants.sourceId, id));
    expect(rows.filter((r) => r.format === "avif").map((r) => r.width)).toEqual([320]);
    for (const query of ["?w=160&f=avif", "?w=321&f=avif", "?f=avif", "?w=320&f=png"]) expect((await call(GET, id, query)).status, query).toBe(404);
  });

  it("answers 404 for widths outside the list and for unknown images, storing nothing", async () => {
    for (const w of ["100", "321", "-320", "320.0", "abc", "", "99999", "0320"]) {
      const res = await call(GET, id, `?w=${w}`);
      expect(res.status, w).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const unknown = await call(GET, "0".repeat(64), "?w=320");
    expect(unknown.status).toBe(404);
    const rows = await (await getDb()).select().from(mediaVariants).where(eq(mediaVariants.sourceId, "0".repeat(64)));
    expect(rows).toHaveLength(0);
  });
});

describe("a stored image that cannot be decoded", () => {
  it("answers its original bytes instead of a copy (and remembers no copy)", async () => {
    const db = await getDb();
    const broken = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    const brokenId = "b".repeat(64);
    await db.insert(media).values({ id: brokenId, mime: "image/jpeg", width: 600, height: 900, size: 4, kind: MediaKind.Cover, bytes: broken });
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const res = await call(GET, brokenId, "?w=320");
    errors.mockRestore();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await res.arrayBuffer()).equals(broken)).toBe(true);
    expect(await db.select().from(mediaVariants).where(eq(mediaVariants.sourceId, brokenId))).toHaveLength(0);
  });
});

describe("media URL helpers", () => {
  it("builds variant URLs and srcsets for stored media only", () => {
    expect(mediaVariantUrl("/media/abc", 320)).toBe("/media/abc?w=320");
    expect(mediaVariantUrl("https://example.com/x.jpg", 320)).toBe("https://example.com/x.jpg");
    expect(mediaSrcSet("/media/abc", [160, 320])).toBe("/media/abc?w=160 160w, /media/abc?w=320 320w");
    expect(mediaSrcSet("data:image/png;base64,xx", [160])).toBeUndefined();
    expect(mediaVariantUrl("/media/abc", 480, "avif")).toBe("/media/abc?w=480&f=avif");
    expect(mediaSrcSet("/media/abc", [320, 480], "avif")).toBe("/media/abc?w=320&f=avif 320w, /media/abc?w=480&f=avif 480w");
    expect(mediaSrcSet("/media/abc?w=320", [480], "avif")).toBeUndefined();
  });
});
