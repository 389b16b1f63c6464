import { z } from "zod";
import { getDb } from "@/db/client";
import { defineRoute } from "@/server/http/route";
import { discoverySettingsResponse } from "@/server/settings/api-shapes";
import { getDiscoverySettings } from "@/server/settings/get-page-settings";

/** Spec §7 GET /SiteSettings/GetDiscoveryPageSettings: banner and featured manga. */
export const GET = defineRoute({
  key: "GET /api/SiteSettings/GetDiscoveryPageSettings",
  query: z.object({ imageFormat: z.string().optional() }),
  handler: async ({ query }) => {
    const db = await getDb();
    return discoverySettingsResponse(db, await getDiscoverySettings({ db }), query.imageFormat);
  },
});
