import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/next-auth";

/**
 * next-auth's own endpoints (session, csrf, credentials callback, sign-out). They are the browser
 * session's plumbing, not the product API, so they sit outside the access table; this route is more
 * specific than app/api/[...path] and wins over it.
 */
const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
