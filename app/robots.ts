import type { MetadataRoute } from "next";
import { env } from "@/server/env";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/api/", "/dashboard", "/ar/dashboard", "/auth", "/ar/auth", "/manga-reader/", "/ar/manga-reader/"] }],
    sitemap: `${env.siteUrl}/sitemap.xml`,
  };
}
