import { registerSchema } from "@/lib/validation/auth";
import { register } from "@/server/auth/register";
import { localized } from "@/server/auth/validation";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { clientIp } from "@/server/core/client-ip";
import { defineRoute } from "@/server/http/route";

/** Spec §7: the registration payload of §3; a verification mail goes out; 409 on a taken username or e-mail. */
export const POST = defineRoute({
  key: "POST /api/Authentication/Register",
  body: localized(registerSchema),
  handler: async ({ req, body: input, ctx }) => {
    const user = await register({ db: await ctx.db, input, locale: ctx.locale, ip: clientIp(req) });
    return ok(user, apiMessage(ctx.locale, "registered"));
  },
});
