import { getDb } from "@/db/client";
import { localeOf } from "@/server/core/messages";
import { toResponse } from "@/server/http/errors";
import { discardBody, getMediaHead, isMediaId, openMedia, type MediaHead } from "@/server/media/get-media";
import { getMediaVariant, isVariantWidth } from "@/server/media/variants";

/**
 * Image bytes by content id. Ids are content hashes, so a response never changes: cache it forever.
 * A conditional request (If-None-Match) answers 304 only for an id that is stored, 404 otherwise.
 * `?w=320` (one of VARIANT_WIDTHS) answers a WebP copy at most that wide, made on first request; it never changes either.
 * Bytes come from the row or, for media kept in object storage, stream from the bucket (docs/decisions/019); a bucket
 * that cannot be reached is a 503 envelope, an object it has lost a 404.
 */

export const runtime = "nodejs";

interface Context {
  params: Promise<{ id: string }>;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return serve(request, (await params).id, true).catch((err: unknown) => failure(request, err));
}

export async function HEAD(request: Request, { params }: Context): Promise<Response> {
  return serve(request, (await params).id, false).catch((err: unknown) => failure(request, err));
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
  const file = await openMedia(db, { id });
  if (!file) return notFound();
  return new Response(file.body, { status: 200, headers: headersFor(file, etag) });
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
  if (!withBody) await discardBody(file);
  return new Response(withBody ? file.body : null, { status: 200, headers: headersFor(file, etag) });
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

/** A failure (the bucket unreachable: 503) as the envelope in the caller's language, never cached. */
function failure(request: Request, err: unknown): Response {
  const res = toResponse(err, localeOf(request), "media");
  res.headers.set("Cache-Control", "no-store");
  return res;
}

function notFound(): Response {
  return Response.json(
    { statusCode: 404, message: "Not found", data: null },
    { status: 404, headers: { "Cache-Control": "no-store" } },
  );
}
