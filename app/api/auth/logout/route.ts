import type { NextRequest } from "next/server";
import { getDb } from "@/db/client";
import { logout } from "@/server/auth/logout";
import { readSessionToken } from "@/server/auth/session";
import { env } from "@/server/env";

/**
 * Backend half of signing out (spec §4, §8): the browser never holds the refresh token, so this reads
 * both tokens from the session cookie and revokes them with the same `logout` as
 * POST /api/Authentication/Logout. The client then clears the next-auth session whatever the answer.
 * Answers `{ ok: true }`, or `{ ok: false, reason: "missingTokens" | "failed" }`.
 * Cross-site requests are refused (the cookie is SameSite=Lax anyway).
 */
export async function POST(req: NextRequest): Promise<Response> {
  const origin = req.headers.get("origin");
  if (origin && origin !== req.nextUrl.origin && !env.allowedOrigins.includes(origin)) {
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
    console.warn("[auth] backend logout failed:", err instanceof Error ? err.message : err);
    return Response.json({ ok: false, reason: "failed" }, { headers: { "Cache-Control": "no-store" } });
  }
}
