import { getDb } from "@/db/client";
import { env } from "@/server/env";
import { sitemapFiles, sitemapIndexXml } from "@/server/seo/sitemap";

export const dynamic = "force-dynamic";

/** The sitemap index (robots.txt points here): its children are under /sitemaps/ (server/seo/sitemap.ts). */
export async function GET(): Promise<Response> {
  const xml = sitemapIndexXml(env.siteUrl, await sitemapFiles(await getDb()));
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
