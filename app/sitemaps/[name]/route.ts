import { getDb } from "@/db/client";
import { env } from "@/server/env";
import { parseSitemapFileName, sitemapChild } from "@/server/seo/sitemap";

export const dynamic = "force-dynamic";

/** How long a shared cache (CDN) may keep a child sitemap: crawlers read them a few times a day at most. */
const CACHE_CONTROL = "public, max-age=0, s-maxage=600, stale-while-revalidate=3600";

/** One child sitemap of /sitemap.xml, streamed batch by batch (server/seo/sitemap.ts); 404 for any other name. */
export async function GET(_req: Request, { params }: { params: Promise<{ name: string }> }): Promise<Response> {
  const file = parseSitemapFileName((await params).name);
  const chunks = file && (await sitemapChild(await getDb(), env.siteUrl, file));
  if (!chunks) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": CACHE_CONTROL } });
}
