import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptionsFor, chosenLocaleOf } from "@/server/auth/next-auth";

/**
 * next-auth's own endpoints (session, csrf, credentials callback, sign-out). They are the browser
 * session's plumbing, not the product API, so they sit outside the access table; this route is more
 * specific than app/api/[...path] and wins over it. Each request's options carry the language its browser chose, which
 * the signed-in account follows (server/auth/next-auth.ts, issue 28).
 */
function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  return NextAuth(req, ctx, authOptionsFor(chosenLocaleOf(req))) as Promise<Response>;
}

export { handler as GET, handler as POST };
