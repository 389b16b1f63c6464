import { getDb } from "@/db/client";
import { getMedia, getMediaHead, isMediaId, type MediaHead } from "@/server/media/get-media";
import { getMediaVariant, isVariantWidth } from "@/server/media/variants";

/**
 * Image bytes by content id. Ids are content hashes, so a response never changes: cache it forever.
 * A conditional request (If-None-Match) answers 304 only for an id that is stored, 404 otherwise.
 * `?w=320` (one of VARIANT_WIDTHS) answers a WebP copy at most that wide, made on first request; it never changes either.
 */

export const runtime = "nodejs";

interface Context {
  params: Promise<{ id: string }>;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return serve(request, (await params).id, true);
}

export async function HEAD(request: Request, { params }: Context): Promise<Response> {
  return serve(request, (await params).id, false);
}

async function serve(request: Request, id: string, withBody: boolean): Promise<Response> {
  if (!isMediaId(id)) return notFound();
  const w = new URL(request.url).searchParams.get("w");
  if (w !== null) return serveVariant(request, id, w, withBody);
  const etag = `"${id}"`;
  const db = await getDb();
  // The ETag is the content hash, so a matching validator means the client has these bytes, but only when the media
  // exists: anyone can send a validator, and a 304 for an id that is not stored (or no longer is) would claim it is
  // (issue 19, item 10). One primary-key lookup, no bytes read.
  if (matchesEtag(request.headers.get("if-none-match"), etag)) {
    if (!(await getMediaHead(db, { id }))) return notFound();
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": IMMUTABLE } });
  }
  if (!withBody) {
    const head = await getMediaHead(db, { id });
    return head ? new Response(null, { status: 200, headers: headersFor(head, etag) }) : notFound();
  }
  const file = await getMedia(db, { id });
  if (!file) return notFound();
  // A view on the driver's buffer (never a SharedArrayBuffer), so the bytes are not copied.
  const body = new Uint8Array(file.bytes.buffer as ArrayBuffer, file.bytes.byteOffset, file.bytes.byteLength);
  return new Response(body, { status: 200, headers: headersFor(file, etag) });
}

async function serveVariant(request: Request, id: string, w: string, withBody: boolean): Promise<Response> {
  const width = /^[1-9]\d{0,3}$/.test(w) ? Number(w) : NaN;
  if (!isVariantWidth(width)) return notFound();
  // (id, width) always names the same bytes, so the validator can be derived without a lookup.
  const etag = `"${id}-w${width}"`;
  const db = await getDb();
  if (matchesEtag(request.headers.get("if-none-match"), etag)) {
    // As above: a 304 only for media that exists (its variants are made from it on demand).
    if (!(await getMediaHead(db, { id }))) return notFound();
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": IMMUTABLE } });
  }
  const file = await getMediaVariant(db, { id, width });
  if (!file) return notFound();
  const body = withBody ? new Uint8Array(file.bytes.buffer as ArrayBuffer, file.bytes.byteOffset, file.bytes.byteLength) : null;
  return new Response(body, { status: 200, headers: headersFor(file, etag) });
}

function headersFor(file: MediaHead, etag: string): HeadersInit {
  return {
    "Content-Type": file.mime,
    "Content-Length": String(file.size),
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
}

/** If-None-Match may list several (possibly weak) validators; "*" is not honoured without a lookup. */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((token) => token.trim().replace(/^W\//, "") === etag);
}

function notFound(): Response {
  return Response.json(
    { statusCode: 404, message: "Not found", data: null },
    { status: 404, headers: { "Cache-Control": "no-store" } },
  );
}
