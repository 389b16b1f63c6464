import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { mediaVariants, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { PAGE_COPY_WIDTHS } from "@/lib/media-url";
import { getMedia } from "@/server/media/get-media";
import { serveMedia } from "@/server/media/serve-media";
import { createChapter, pageRows } from "@/tests/fixtures/chapters";
import { photo } from "@/tests/fixtures/images";
import { ingestChapterImages } from "./ingest-images";
import { makePageCopies } from "./page-copies";

let db: Db;
beforeAll(async () => {
  db = await getDb();
  // Uploads make their copies after commit here (other test files leave them to the first request).
  process.env.PAGE_COPIES = "ahead";
});
afterAll(() => {
  delete process.env.PAGE_COPIES;
});

async function copiesOf(imageId: string) {
  return db
    .select({ width: mediaVariants.width, mediaId: mediaVariants.mediaId })
    .from(mediaVariants)
    .where(and(eq(mediaVariants.sourceId, imageId), eq(mediaVariants.format, "avif")))
    .orderBy(mediaVariants.width);
}

describe("the reader's AVIF copies of stored pages", () => {
  it("are made for every page at 480/720/1080 px (never enlarged) and served by /media ?w=&f=avif", async () => {
    const chapterId = await createChapter(db, { published: true });
    const result = await ingestChapterImages({ db, chapterId, files: [await photo({ width: 900, height: 1260, grain: 0 }), await photo({ width: 1600, height: 2000, grain: 0 })] });
    await makePageCopies(db, result);
    for (const row of await pageRows(db, chapterId)) {
      const copies = await copiesOf(row.imageId);
      expect(copies.map((c) => c.width)).toEqual([...PAGE_COPY_WIDTHS]);
      for (const copy of copies) {
        const file = await getMedia(db, { id: copy.mediaId });
        expect(file?.mime).toBe("image/avif");
        const meta = await sharp(file!.bytes).metadata();
        expect(meta.format).toBe("heif");
        expect(meta.width).toBe(Math.min(copy.width, row.width));
      }
      const served = await serveMedia(db, { id: row.imageId, params: new URLSearchParams("w=720&f=avif"), ifNoneMatch: null, withBody: false });
      expect(served).toMatchObject({ kind: "ok", file: { id: copies[1]!.mediaId, mime: "image/avif" }, etag: `"${row.imageId}-w720-avif"` });
    }
    // Widths outside AVIF_WIDTHS and other formats are not served.
    const [first] = result.pages;
    for (const query of ["w=160&f=avif", "w=1000&f=avif", "f=avif", "w=720&f=png"]) {
      expect(await serveMedia(db, { id: first!.imageId, params: new URLSearchParams(query), ifNoneMatch: null, withBody: false })).toEqual({ kind: "notFound" });
    }
  });

  it("are made ahead for a writer's upload, after its commit, without a reader asking", async () => {
    const [writer] = await db.insert(users).values({ username: "copies_writer", email: "copies_writer@example.test", fullName: "Copies Writer", role: Role.writer }).returning({ id: users.id });
    const actor = { userId: writer!.id, role: Role.writer };
    const { submitManga } = await import("@/server/publishing/submit-manga");
    const { submitChapter } = await import("@/server/publishing/submit-chapter");
    const m = await submitManga({ db, actor, fields: { title: "Copies Ahead", description: "", genres: ["Drama"], readingDirection: 0 }, cover: await photo({ width: 300, height: 450 }) });
    const ch = await submitChapter({ db, actor, mangaId: m.id, fields: { title: "One", isPremium: false, publishAt: null }, upload: { kind: "images", files: [await photo({ width: 600, height: 800, grain: 0 })] } });
    const [page] = await pageRows(db, ch.id);
    await expect.poll(async () => (await copiesOf(page!.imageId)).map((c) => c.width), { timeout: 60_000, interval: 250 }).toEqual([...PAGE_COPY_WIDTHS]);
    for (const copy of await copiesOf(page!.imageId)) expect((await getMedia(db, { id: copy.mediaId }))?.mime).toBe("image/avif");
  });
});
