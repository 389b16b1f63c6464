import { z } from "zod";
import { locales } from "@/i18n/routing";
import { setLocale } from "@/server/auth/set-locale";
import { defineRoute } from "@/server/http/route";

/** Beyond the spec: POST /Authentication/Locale `{ locale }` keeps the language the user reads in on the account. */
export const POST = defineRoute({
  key: "POST /api/Authentication/Locale",
  body: z.object({ locale: z.enum(locales) }),
  handler: async ({ ctx, body }) => setLocale({ db: await ctx.db, viewer: ctx.viewer, locale: body.locale }),
});
