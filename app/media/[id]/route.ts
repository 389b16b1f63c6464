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
 */

export const runtime = "nodejs";

interface Context {
  params: Promise<{ id: string }>;
}

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return serve(request, (await params).id, true);
}

export async function HEAD(request: Request, { params }: Context): Promise<Response> {
  return serve(request, (await params).id, false);
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
      // A view on the driver's buffer (never a SharedArrayBuffer), so the bytes are not copied.
      const body = withBody && file.bytes ? new Uint8Array(file.bytes.buffer as ArrayBuffer, file.bytes.byteOffset, file.bytes.byteLength) : null;
      return new Response(body, {
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

function notFound(): Response {
  return Response.json(
    { statusCode: 404, message: "Not found", data: null },
    { status: 404, headers: { "Cache-Control": "no-store" } },
  );
}
