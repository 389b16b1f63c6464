import type { MetadataRoute } from "next";
import { env } from "@/server/env";

export const dynamic = "force-dynamic";

/**
 * Crawlers may read the reader's pages: free, published chapters are indexable (their share cards and text reach
 * search engines and link previews); premium and unpublished ones say `noindex` on the page (ADR 021).
 */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/api/", "/dashboard", "/ar/dashboard", "/auth", "/ar/auth"] }],
    sitemap: `${env.siteUrl}/sitemap.xml`,
  };
}
