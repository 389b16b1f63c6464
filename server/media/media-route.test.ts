import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { getDb } from "@/db/client";
import { GET, HEAD } from "@/app/media/[id]/route";
import { getMedia } from "./get-media";
import { MediaKind } from "./kind";
import { storeImage } from "./store-media";

let id: string;
let bytes: Buffer;

beforeAll(async () => {
  const db = await getDb();
  const upload = await sharp({ create: { width: 320, height: 480, channels: 3, background: "#228844" } }).png().toBuffer();
  ({ id } = await storeImage(db, { input: upload, maxWidth: 600, kind: MediaKind.Cover }));
  const stored = await getMedia(db, { id });
  if (!stored) throw new Error("the stored image is missing");
  bytes = stored.bytes;
});

const call = (handler: typeof GET, mediaId: string, headers: HeadersInit = {}) =>
  handler(new Request(`http://localhost/media/${mediaId}`, { headers }), { params: Promise.resolve({ id: mediaId }) });

describe("GET /media/[id]", () => {
  it("serves the stored JPEG with immutable caching headers", async () => {
    const res = await call(GET, id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toBe(`"${id}"`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(body.byteLength));
    expect(body.equals(bytes)).toBe(true);
    expect(await sharp(body).metadata()).toMatchObject({ format: "jpeg", width: 320, height: 480 });
  });

  it("answers 304 without a body when If-None-Match holds the ETag", async () => {
    for (const validator of [`"${id}"`, `W/"${id}"`, `"other", "${id}"`]) {
      const res = await call(GET, id, { "If-None-Match": validator });
      expect(res.status).toBe(304);
      expect(res.headers.get("etag")).toBe(`"${id}"`);
      expect(await res.text()).toBe("");
    }
    const stale = await call(GET, id, { "If-None-Match": `"${"f".repeat(64)}"` });
    expect(stale.status).toBe(200);
  });

  it("answers 404, not 304, to a validator for media that does not exist (issue 19, item 10)", async () => {
    const missing = "0".repeat(64);
    for (const [mediaId, url] of [[missing, missing], [missing, `${missing}?w=320`]] as const) {
      const res = await GET(new Request(`http://localhost/media/${url}`, { headers: { "If-None-Match": `"${url.replace("?w=", "-w")}"` } }), {
        params: Promise.resolve({ id: mediaId }),
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, message: "Not found", data: null });
    }
    const variant = await GET(new Request(`http://localhost/media/${id}?w=320`, { headers: { "If-None-Match": `"${id}-w320"` } }), {
      params: Promise.resolve({ id }),
    });
    expect(variant.status).toBe(304);
  });

  it("answers 404 with the JSON envelope for unknown and malformed ids", async () => {
    for (const bad of ["0".repeat(64), "not-an-id", id.toUpperCase(), `${id}0`, "..%2f..%2fetc%2fpasswd", ""]) {
      const res = await call(GET, bad);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ statusCode: 404, message: "Not found", data: null });
    }
  });
});

describe("HEAD /media/[id]", () => {
  it("sends the headers without the bytes", async () => {
    const res = await call(HEAD, id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("etag")).toBe(`"${id}"`);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
    expect((await call(HEAD, "0".repeat(64))).status).toBe(404);
  });
});
