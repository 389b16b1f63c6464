import { eq, sql } from "drizzle-orm";
import { media } from "@/db/schema";
import type { Db } from "@/db/client";
import { isMediaId } from "@/lib/media-url";
import { discardBody, openRow, type MediaBody, type MediaHead } from "./get-media";
import { asBoolean, perDatabase, premiumOnlyMedia } from "./premium-media";
import { hasSignature, verifyMediaUrl } from "./signed-url";
import { getMediaVariant, isVariantWidth } from "./variants";

/**
 * What `/media/{id}` answers (app/media/[id]/route.ts), decided in one query per request:
 * - a public image (a cover, banner, avatar, a page of a chapter that is free now, …) with immutable caching: its id
 *   is a content hash, so the bytes never change;
 * - a premium-only image (premium-media.ts) only to a URL signed for it (signed-url.ts) that has not expired, cached
 *   `private` until the expiry; without one, or with an invalid or expired one, `refused` (403);
 * - `?w=` one of VARIANT_WIDTHS: the image's WebP copy at most that wide, under the same rules (the signature binds w);
 * - `?w=…&f=avif`, w one of AVIF_WIDTHS: its AVIF copy (chapter pages' and covers'), likewise (the signature binds f too);
 * - If-None-Match with the ETag: 304, only for an image that exists (issue 19, item 10) and may be served.
 * A valid signature skips the premium check (only a reader of the chapter got it); an invalid one is ignored, so a
 * public image is still served publicly. The body is the row's bytes or, for media kept in object storage, the
 * bucket's stream (docs/decisions/019); an object the bucket has lost is not found.
 */
export type MediaAnswer =
  | { kind: "notFound" }
  | { kind: "refused" }
  | { kind: "notModified"; etag: string; cacheControl: string }
  | { kind: "ok"; file: MediaHead & { body?: MediaBody["body"] }; etag: string; cacheControl: string };

export const IMMUTABLE = "public, max-age=31536000, immutable";

export interface MediaRequest {
  id: string;
  /** The query string: `w`, and `u`, `exp`, `sig` of a signed URL. */
  params: URLSearchParams;
  ifNoneMatch: string | null;
  withBody: boolean;
  now?: number;
}

export async function serveMedia(db: Db, request: MediaRequest): Promise<MediaAnswer> {
  const { id, params, withBody } = request;
  if (!isMediaId(id)) return { kind: "notFound" };
  const w = params.get("w");
  const width = w === null ? null : /^[1-9]\d{0,3}$/.test(w) ? Number(w) : NaN;
  const f = params.get("f");
  const format = f === "avif" && width !== null ? "avif" : null;
  if (f !== null && format === null) return { kind: "notFound" };
  if (width !== null && !isVariantWidth(width, format ?? "webp")) return { kind: "notFound" };
  const now = request.now ?? Date.now();
  const grant = hasSignature(params) ? verifyMediaUrl(id, width, params, now, format) : null;
  const cacheControl = grant ? `private, max-age=${Math.max(0, grant.exp - Math.floor(now / 1000))}` : IMMUTABLE;
  // (id, width, format) always names the same bytes, so the validator needs no lookup.
  const etag = width === null ? `"${id}"` : `"${id}-w${width}${format ? `-${format}` : ""}"`;

  // A validator is answered 304 only for an image that is stored (anyone can send one) and that this request may have.
  if (matchesEtag(request.ifNoneMatch, etag) || (width === null && !withBody)) {
    const head = await readHead(db, id, grant === null);
    if (!head) return { kind: "notFound" };
    if (head.premiumOnly) return { kind: "refused" };
    if (matchesEtag(request.ifNoneMatch, etag)) return { kind: "notModified", etag, cacheControl };
    return { kind: "ok", file: head, etag, cacheControl };
  }
  if (width !== null) {
    // Made on first request from the source; the premium check is its source's.
    const file = await getMediaVariant(db, { id, width, format: format ?? "webp" });
    if (!file) return { kind: "notFound" };
    const refused = file.premiumOnly && !grant;
    if (refused || !withBody) await discardBody(file);
    if (refused) return { kind: "refused" };
    return { kind: "ok", file: withBody ? file : { id: file.id, mime: file.mime, size: file.size }, etag, cacheControl };
  }
  const [row] = await queriesFor(db)[grant === null ? "file" : "fileSigned"].execute({ id });
  if (!row) return { kind: "notFound" };
  if (asBoolean(row.premiumOnly)) return { kind: "refused" };
  const file = await openRow(row);
  return file ? { kind: "ok", file, etag, cacheControl } : { kind: "notFound" };
}

/** Type and size (no bytes), and whether the image is premium-only (when asked). */
async function readHead(db: Db, id: string, checkPremium: boolean): Promise<(MediaHead & { premiumOnly: boolean }) | null> {
  const [row] = await queriesFor(db)[checkPremium ? "head" : "headSigned"].execute({ id });
  return row ? { id: row.id, mime: row.mime, size: row.size, premiumOnly: asBoolean(row.premiumOnly) } : null;
}

/**
 * The image queries as prepared statements (per connection, planned once): the premium subquery costs more to plan
 * than to run. `…Signed`: a valid signature already answered the premium question.
 */
const queriesFor = perDatabase(prepare);

function prepare(db: Db) {
  const check = premiumOnlyMedia(`"media"."id"`, `"media"."kind"`);
  const skip = sql<boolean>`false`;
  const byId = eq(media.id, sql.placeholder("id"));
  const file = (premiumOnly: typeof check) => db.select({ id: media.id, mime: media.mime, size: media.size, store: media.store, bytes: media.bytes, premiumOnly }).from(media).where(byId).limit(1);
  const head = (premiumOnly: typeof check) => db.select({ id: media.id, mime: media.mime, size: media.size, premiumOnly }).from(media).where(byId).limit(1);
  return {
    file: file(check).prepare("media_file"),
    fileSigned: file(skip).prepare("media_file_signed"),
    head: head(check).prepare("media_head"),
    headSigned: head(skip).prepare("media_head_signed"),
  };
}

/** If-None-Match may list several (possibly weak) validators; "*" is not honoured without a lookup. */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((token) => token.trim().replace(/^W\//, "") === etag);
}
