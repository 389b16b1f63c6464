import { defineRoute } from "@/server/http/route";
import { imageFormatQuery } from "@/server/media/image-format";
import { landingSettingsResponse } from "@/server/settings/api-shapes";
import { getLandingSettings } from "@/server/settings/get-page-settings";

/** Spec §7 GET /SiteSettings/GetLandingPageSettings: hero texts in the caller's language, banner, featured manga. */
export const GET = defineRoute({
  key: "GET /api/SiteSettings/GetLandingPageSettings",
  query: imageFormatQuery,
  handler: async ({ query, ctx }) => {
    const db = await ctx.db;
    return landingSettingsResponse(db, await getLandingSettings({ db, locale: ctx.locale }), query.imageFormat);
  },
});
