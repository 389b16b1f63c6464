import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapterPages, chapters, media } from "@/db/schema";
import { ChapterSource, Status } from "@/lib/enums";
import { buildPdfFromImages, ingestChapterPdf, makePageCopies } from "@/server/chapters/ingest";
import { fillBucketBytes } from "@/server/media/object-store";

/** How many demo chapters are re-made as PDFs and put through the upload pipeline. */
export const DEMO_PDF_CHAPTERS = 3;

/**
 * Turns a few accepted demo chapters into PDF chapters the way a writer's upload would: their page images are
 * bound into a PDF (pdf-lib) and the PDF goes through the same ingestion pipeline as uploads (pdf.js rasterising,
 * re-encoding, variants). The shortest chapters of different manga are chosen to keep the first start quick.
 */
export async function convertDemoChaptersToPdf(db: Db, log: (m: string) => void): Promise<number> {
  const picked = await db.execute<{ id: number }>(sql`
    select id from (
      select distinct on (${chapters.mangaId}) ${chapters.id} as id, ${chapters.pageCount} as pages
      from ${chapters}
      where ${chapters.status} = ${Status.Accepted} and ${chapters.isPremium} = false
      order by ${chapters.mangaId}, ${chapters.pageCount}, ${chapters.id}
    ) c order by pages, id limit ${DEMO_PDF_CHAPTERS}`);
  let done = 0;
  for (const { id } of picked.rows) {
    const chapterId = Number(id);
    const pages = await db
      .select({ id: media.id, store: media.store, bytes: media.bytes })
      .from(chapterPages)
      .innerJoin(media, eq(media.id, chapterPages.imageId))
      .where(eq(chapterPages.chapterId, chapterId))
      .orderBy(asc(chapterPages.pageNumber));
    await fillBucketBytes(pages, (p) => p.id);
    const pdf = await buildPdfFromImages(pages.map((p) => p.bytes).filter((b): b is Buffer => b !== null));
    const result = await ingestChapterPdf({ db, chapterId, pdf });
    // The reader's AVIF copies, as an upload's pages get them.
    await makePageCopies(db, result);
    log(`chapter ${chapterId}: ${result.pageCount}-page PDF (${(pdf.byteLength / 1024).toFixed(0)} KB) ingested`);
    done++;
  }
  return done;
}

/** The demo chapters that came from PDFs (for tests). */
export async function countPdfChapters(db: Db): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chapters)
    .where(and(eq(chapters.sourceType, ChapterSource.Pdf), inArray(chapters.status, [Status.Accepted])));
  return Number(rows[0]?.n ?? 0);
}
