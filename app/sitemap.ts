import type { MetadataRoute } from "next";
import { env } from "@/server/env";
import { cachedPublicMangaIds } from "@/server/manga/cache";

export const dynamic = "force-dynamic";

const STATIC_PATHS = ["/", "/discovery", "/frequently-asked-questions", "/terms-of-service", "/privacy-policy"];

function entry(path: string, extra: Partial<MetadataRoute.Sitemap[number]> = {}): MetadataRoute.Sitemap[number] {
  const suffix = path === "/" ? "" : path;
  return {
    url: `${env.siteUrl}${suffix || "/"}`,
    alternates: { languages: { en: `${env.siteUrl}${suffix || "/"}`, ar: `${env.siteUrl}/ar${suffix}` } },
    ...extra,
  };
}

/** Every public page and every accepted manga (with its cover), in both languages through hreflang alternates. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const rows = await cachedPublicMangaIds();
  return [
    ...STATIC_PATHS.map((p) => entry(p, { changeFrequency: p === "/" || p === "/discovery" ? "daily" : "monthly" })),
    ...rows.map((m) =>
      entry(`/discovery/manga/${m.id}`, {
        lastModified: m.updatedAt,
        changeFrequency: "weekly",
        images: m.coverImageId ? [`${env.siteUrl}/media/${m.coverImageId}`] : undefined,
      }),
    ),
  ];
}
