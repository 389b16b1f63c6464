import type { NextRequest } from "next/server";
import { getDb } from "@/db/client";
import { logout } from "@/server/auth/logout";
import { readSessionToken } from "@/server/auth/session";
import { env } from "@/server/env";
import { log } from "@/server/core/log";

/**
 * Backend half of signing out (spec §4, §8): the browser never holds the refresh token, so this reads
 * both tokens from the session cookie and revokes them with the same `logout` as
 * POST /api/Authentication/Logout. The client then clears the next-auth session whatever the answer.
 * Answers `{ ok: true }`, or `{ ok: false, reason: "missingTokens" | "failed" }`.
 * Cross-site requests are refused (the cookie is SameSite=Lax anyway); a same-origin one passes however the site
 * is reached (localhost, 127.0.0.1, a LAN address), not only through SITE_URL's host.
 */
export async function POST(req: NextRequest): Promise<Response> {
  if (!isSameOrigin(req)) {
    return Response.json({ ok: false, reason: "forbidden" }, { status: 403, headers: { "Cache-Control": "no-store" } });
  }
  const token = await readSessionToken(req.cookies);
  const tokens = token?.tokens;
  const userId = token?.user?.id;
  if (!tokens?.accessToken || !tokens.refreshToken || !userId) {
    return Response.json({ ok: false, reason: "missingTokens" }, { headers: { "Cache-Control": "no-store" } });
  }
  try {
    await logout({ db: await getDb(), userId, refreshToken: tokens.refreshToken });
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    log.warn({ err }, "[auth] backend logout failed");
    return Response.json({ ok: false, reason: "failed" }, { headers: { "Cache-Control": "no-store" } });
  }
}

/**
 * The request comes from a page of this site: the browser's `Sec-Fetch-Site`, when sent, says same-origin; and there
 * is no Origin (tools, old browsers), or it is one of the configured origins, or its host is the one the request was
 * sent to. `req.nextUrl.origin` is not the request's own: behind the custom server it is SITE_URL's.
 */
function isSameOrigin(req: NextRequest): boolean {
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin") return false;
  const origin = req.headers.get("origin");
  if (!origin) return true;
  if (env.allowedOrigins.includes(origin)) return true;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}
