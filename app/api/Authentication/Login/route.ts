import { loginSchema } from "@/lib/validation/auth";
import { login } from "@/server/auth/login";
import { localized } from "@/server/auth/validation";
import { clientIp } from "@/server/core/client-ip";
import { defineRoute } from "@/server/http/route";

/** Spec §7: body username or email, password (firebaseToken, turnstileToken ignored); data is the token set (plus the user). */
export const POST = defineRoute({
  key: "POST /api/Authentication/Login",
  body: localized(loginSchema),
  handler: async ({ req, body: input, ctx }) => {
    const { tokens, user } = await login({
      db: await ctx.db,
      username: input.username,
      email: input.email,
      password: input.password,
      ip: clientIp(req),
      userAgent: req.headers.get("user-agent"),
    });
    return { ...tokens, user };
  },
});
