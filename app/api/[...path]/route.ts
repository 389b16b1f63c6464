import { notFound } from "@/server/core/errors";
import { toResponse } from "@/server/http/errors";
import { localeOf } from "@/server/core/messages";

/** Any /api path without a route of its own: a 404 envelope, whatever the method. */
async function handler(req: Request): Promise<Response> {
  const res = toResponse(notFound(), localeOf(req));
  res.headers.set("Cache-Control", "no-store");
  return res;
}

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
