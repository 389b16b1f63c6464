import type { Db } from "@/db/client";
import { PAGE_COPY_WIDTHS } from "@/lib/media-url";
import { ensureMediaVariants } from "@/server/media/variants";
import type { IngestResult } from "./types";

/**
 * The reader's AVIF copies of a chapter's stored pages (PAGE_COPY_WIDTHS of each reading image, server/media/
 * variants.ts), made once when the pages are stored rather than by the first readers. In production they are encoded
 * in the background encoder at a lower CPU priority, like the pages' JPEGs. A copy that already exists (a page shared
 * with another chapter) is not made again; one that failed is made on its first request.
 */
export async function makePageCopies(db: Db, result: Pick<IngestResult, "pages">): Promise<void> {
  const ids = [...new Set(result.pages.map((p) => p.imageId))];
  await ensureMediaVariants(db, ids, PAGE_COPY_WIDTHS, { format: "avif", concurrency: 2 });
}

/**
 * makePageCopies after an upload's commit, without holding its answer (about a second of CPU per page); failures are
 * logged. Not under Vitest, where copies landing after a test's upload would change the database other tests compare;
 * PAGE_COPIES=ahead (a test of the copies) or =lazy chooses.
 */
export function startPageCopies(db: Db, result: Pick<IngestResult, "pages">): void {
  const setting = process.env.PAGE_COPIES;
  if (setting ? setting !== "ahead" : process.env.VITEST) return;
  makePageCopies(db, result).catch((err: unknown) => console.error("[ingest] page copies not made:", err instanceof Error ? err.message : err));
}
