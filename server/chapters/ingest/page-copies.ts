import type { Db } from "@/db/client";
import { PAGE_COPY_WIDTHS } from "@/lib/media-url";
import { ensureMediaVariants } from "@/server/media/variants";
import type { IngestResult } from "./types";
import { FairQueue } from "./copy-queue";
import { log } from "@/server/core/log";
import { probe } from "@/server/core/metrics";

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

/** Pages whose copies are being made at once in this process (each page's three copies one after another). */
const PAGE_COPY_WORKERS = 2;
/**
 * Pages one writer may have waiting for their copies in this process. A page past it gets its copies on its first
 * request instead (as a page whose copy failed does): a writer uploading without end takes at most this much of the
 * encoder's time ahead of the others, who are served in turn anyway.
 */
export const PAGE_COPIES_WAITING_MAX = 1_000;

/**
 * One queue per process, on globalThis: uploads are stored by Next's bundled routes, and the custom server reads the
 * queue's metrics (server/main.ts); each would otherwise have a module instance of its own.
 */
const COPIES = Symbol.for("manga.ingest.pageCopies");
const copies = ((globalThis as Record<symbol, unknown>)[COPIES] ??= new FairQueue<{ db: Db; imageId: string }>(
  ({ db, imageId }) => ensureMediaVariants(db, [imageId], PAGE_COPY_WIDTHS, { format: "avif", concurrency: 1 }),
  {
    workers: PAGE_COPY_WORKERS,
    maxPerOwner: PAGE_COPIES_WAITING_MAX,
    onError: (err) => log.error({ err }, "[ingest] page copy not made"),
  },
)) as FairQueue<{ db: Db; imageId: string }>;
// Read when /api/metrics is scraped (server/core/metrics.ts).
probe("page_copies_queued", () => copies.stats().jobs);
probe("page_copies_oldest_age_seconds", () => copies.stats().oldestAgeSeconds);

/**
 * makePageCopies after an upload's commit, without holding its answer (about a second of CPU per page), queued by the
 * manga's writer (`authorId`): writers are served in turn (./copy-queue.ts). Failures are logged. Not under Vitest,
 * where copies landing after a test's upload would change the database other tests compare; PAGE_COPIES=ahead (a test
 * of the copies) or =lazy chooses.
 */
export function startPageCopies(db: Db, result: Pick<IngestResult, "pages">, authorId: number | null): void {
  const setting = process.env.PAGE_COPIES;
  if (setting ? setting !== "ahead" : process.env.VITEST) return;
  const ids = [...new Set(result.pages.map((p) => p.imageId))];
  const taken = copies.add(`writer:${authorId ?? "none"}`, ids.map((imageId) => ({ db, imageId })));
  if (taken < ids.length) log.warn(`[ingest] writer ${authorId} has ${PAGE_COPIES_WAITING_MAX} pages waiting for copies: ${ids.length - taken} left to their first request`);
}

/** Resolves once every queued copy is made (tests). */
export function pageCopiesIdle(): Promise<void> {
  return copies.idle();
}
