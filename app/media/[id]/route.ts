import { getDb } from "@/db/client";
import { forbidden } from "@/server/core/errors";
import { localeOf } from "@/server/core/messages";
import { toResponse } from "@/server/http/errors";
import { serveMedia } from "@/server/media/serve-media";

/**
 * Image bytes by content id (server/media/serve-media.ts decides). Ids are content hashes, so a public image never
 * changes: cached forever. A premium chapter's page images answer only to a signed, unexpired URL (issue 19, item 11),
 * cached `private` until it expires; anything else gets 403 in the envelope, never stored by a cache.
 * A conditional request (If-None-Match) answers 304 only for an id that is stored, 404 otherwise.
 * `?w=320` (one of VARIANT_WIDTHS) answers a WebP copy at most that wide, made on first request; it never changes either.
 * `?w=720&f=avif` (one of AVIF_WIDTHS) answers a chapter page's or a cover's AVIF copy, likewise.
 * Bytes come from the row or, for media kept in object storage, stream from the bucket (docs/decisions/019); a bucket
 * that cannot be reached is a 503 envelope, an object it has lost a 404.
 */

export const runtime = "nodejs";

interface Context {
  params: Promise<{ id: string }>;
}

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return serve(request, (await params).id, true).catch((err: unknown) => failure(request, err));
}

export async function HEAD(request: Request, { params }: Context): Promise<Response> {
  return serve(request, (await params).id, false).catch((err: unknown) => failure(request, err));
}

async function serve(request: Request, id: string, withBody: boolean): Promise<Response> {
  const answer = await serveMedia(await getDb(), {
    id,
    params: new URL(request.url).searchParams,
    ifNoneMatch: request.headers.get("if-none-match"),
    withBody,
  });
  switch (answer.kind) {
    case "notFound":
      return notFound();
    case "refused": {
      const res = toResponse(forbidden("premiumImage"), localeOf(request), "media");
      res.headers.set("Cache-Control", "private, no-store");
      return res;
    }
    case "notModified":
      return new Response(null, { status: 304, headers: { ETag: answer.etag, "Cache-Control": answer.cacheControl } });
    case "ok": {
      const { file } = answer;
      // A view on the driver's buffer (never copied), or the bucket's stream.
      return new Response(withBody ? (file.body ?? null) : null, {
        status: 200,
        headers: {
          "Content-Type": file.mime,
          "Content-Length": String(file.size),
          "Cache-Control": answer.cacheControl,
          ETag: answer.etag,
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
  }
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
