import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { chapters } from "@/db/schema";
import { GET as mediaRoute } from "@/app/media/[id]/route";
import { GET as imagePagesRoute } from "@/app/api/chapter/PaginatedChapterImagePages/route";
import { GET as pdfPagesRoute } from "@/app/api/chapter/PaginatedChapterPdfPages/route";
import { jsonRequest, tokenFor } from "@/server/http/test-helpers";
import { buildReaderWorld, type ReaderWorld } from "./testing/fixtures";

/**
 * The chapter pages API hands out signed URLs for a chapter that is premium right now (issue 19, item 11): to each
 * reader who may read it (a subscriber, the author, root), signed for that reader; /media serves them privately and
 * refuses the same images by their plain URLs. A free chapter's URLs stay plain and public.
 */

let db: Db;
let world: ReaderWorld;
type Who = "premium" | "author" | "root" | "reader";

beforeAll(async () => {
  db = await getDb();
  world = await buildReaderWorld(db);
});

type Item = { imageUrl: string; variants: Record<"350" | "500" | "700", string>; imageData?: string; pdfPageData?: string };

async function pages(who: Who | "visitor", chapterId: number, extra = "&imageFormat=url", route = imagePagesRoute, path = "PaginatedChapterImagePages") {
  const token = who === "visitor" ? undefined : await tokenFor(world.users[who].role, world.users[who].id);
  const res = await route(jsonRequest(`GET /api/chapter/${path}`, { token, query: `chapterId=${chapterId}&pageNumber=1&pageSize=10${extra}` }), { params: Promise.resolve({}) });
  return { status: res.status, items: ((await res.json()) as { data: { items?: Item[] } }).data.items ?? [] };
}

const media = (url: string) =>
  mediaRoute(new Request(`http://localhost${url}`), { params: Promise.resolve({ id: url.slice("/media/".length).split("?")[0]! }) });

const urlsOf = (items: Item[]) => items.flatMap((i) => [i.imageUrl, i.variants[350], i.variants[500], i.variants[700]]);

describe("premium chapter page URLs", () => {
  it("are signed for each reader allowed to read the chapter, and served to them privately", async () => {
    for (const who of ["premium", "author", "root"] as const) {
      const { status, items } = await pages(who, world.chapters.premium);
      expect(status, who).toBe(200);
      expect(items).toHaveLength(2);
      for (const url of urlsOf(items)) {
        expect(url).toMatch(new RegExp(`^/media/[0-9a-f]{64}\\?u=${world.users[who].id}&exp=\\d+&sig=[\\w-]{22}$`));
        const res = await media(url);
        expect(res.status, `${who} ${url}`).toBe(200);
        expect(res.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
        // The same image without the signature: refused, never cached.
        const plain = await media(url.split("?")[0]!);
        expect(plain.status).toBe(403);
        expect(plain.headers.get("cache-control")).toBe("private, no-store");
      }
    }
  });

  it("are signed in the base64 form and on the PDF endpoint too, where the bytes go only to allowed readers", async () => {
    const base64 = await pages("premium", world.chapters.premium, "");
    expect(base64.items[0]?.imageData?.startsWith("/9j/")).toBe(true);
    expect(base64.items[0]?.imageUrl).toContain("&sig=");
    const pdf = await pages("premium", world.chapters.premium, "&imageFormat=url", pdfPagesRoute, "PaginatedChapterPdfPages");
    expect(pdf.items[0]?.imageUrl).toContain("&sig=");
    expect((await pages("reader", world.chapters.premium)).status).toBe(403);
    expect((await pages("visitor", world.chapters.premium)).status).toBe(403);
  });

  it("stay plain and public for a free chapter, and for a premium chapter once its free date has passed", async () => {
    const free = await pages("visitor", world.chapters.public);
    for (const url of urlsOf(free.items)) {
      expect(url).toMatch(/^\/media\/[0-9a-f]{64}$/);
      expect((await media(url)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    // Signed-in readers of a free chapter get the same public URLs (shared by every reader and cache).
    expect(urlsOf((await pages("premium", world.chapters.public)).items)).toEqual(urlsOf(free.items));

    const before = urlsOf((await pages("premium", world.chapters.premium)).items);
    await db.update(chapters).set({ freeAt: sql`now() - interval '1 second'` }).where(eq(chapters.id, world.chapters.premium));
    const after = await pages("visitor", world.chapters.premium);
    expect(after.status).toBe(200);
    expect(urlsOf(after.items)).toEqual(before.map((u) => u.split("?")[0]));
    for (const url of urlsOf(after.items)) expect((await media(url)).status).toBe(200);
  });
});
