import { defineRoute } from "@/server/http/route";
import { imageFormatQuery } from "@/server/media/image-format";
import { discoverySettingsResponse } from "@/server/settings/api-shapes";
import { getDiscoverySettings } from "@/server/settings/get-page-settings";

/** Spec §7 GET /SiteSettings/GetDiscoveryPageSettings: banner and featured manga. */
export const GET = defineRoute({
  key: "GET /api/SiteSettings/GetDiscoveryPageSettings",
  query: imageFormatQuery,
  handler: async ({ query, ctx }) => {
    const db = await ctx.db;
    return discoverySettingsResponse(db, await getDiscoverySettings({ db }), query.imageFormat);
  },
});
