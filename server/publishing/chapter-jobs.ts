import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapterJobs, chapters } from "@/db/schema";
import { ChapterSource, NotificationType, Status } from "@/lib/enums";
import { IngestError, rasterizePdf, startPageCopies, storeChapterPagesIn } from "@/server/chapters/ingest";
import { audit } from "@/server/core/audit";
import { getBus, type Bus } from "@/server/core/bus";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { publishAcceptedChapters } from "./announce";
import { Processing, SYSTEM_ACTOR } from "./managed";
import { notifyRoots, notifyUsers } from "./notices";
import { lockManga, pageMediaOf, removeUnusedMedia, usernameOf } from "./rows";
import { inScope, log, newRequestId } from "@/server/core/log";

/**
 * Background rendering of uploaded PDFs (docs/decisions/013). Jobs live in `chapter_jobs`, so they survive a restart
 * and any process may take one: a claim is an UPDATE of the oldest free job (FOR UPDATE SKIP LOCKED, so two processes
 * never take the same one), a working process refreshes `locked_at` every HEARTBEAT_MS, and a job whose lock is older
 * than STALE_AFTER (its process died) is free again. Each process renders one PDF at a time (rasterizePdf also queues
 * process-wide), which bounds memory whatever arrives.
 */
export const STALE_AFTER_SECONDS = leaseSeconds(process.env.CHAPTER_JOB_LEASE_SECONDS);
/** Six heartbeats per lease (20 s for the 2-minute lease): a few missed ones (a busy event loop) never lose the job. */
export const HEARTBEAT_MS = Math.min(20_000, (STALE_AFTER_SECONDS * 1000) / 6);
/** Every 30 s, or twice per lease when it is shorter, so an abandoned job is taken soon after its lease ends. */
export const POLL_MS = Math.min(30_000, (STALE_AFTER_SECONDS * 1000) / 2);
/**
 * How long a claim holds without a heartbeat: 2 minutes (CHAPTER_JOB_LEASE_SECONDS, 5 to 3600, changes it; the tests
 * that kill a process mid-render use a few seconds). Long enough that a process stalled by a heavy page is not
 * mistaken for a dead one, short enough that a dead process's upload is rendered by another within minutes.
 */
function leaseSeconds(value: string | undefined): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 5 && n <= 3600 ? n : 120;
}

/** A job that keeps killing its process (or never finishes) fails the chapter after this many tries. */
export const MAX_ATTEMPTS = 3;

interface ClaimedJob {
  id: number;
  chapterId: number;
  attempts: number;
  acceptWhenReady: boolean;
}

async function claimJob(db: Db, workerId: string): Promise<ClaimedJob | null> {
  const res = await db.execute<{ id: number; chapter_id: number; attempts: number; accept_when_ready: boolean }>(sql`
    update ${chapterJobs} set locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
    where id = (
      select id from ${chapterJobs}
      where locked_at is null or locked_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS})
      order by id limit 1 for update skip locked)
    returning id, chapter_id, attempts, accept_when_ready`);
  const row = res.rows[0];
  if (!row) return null;
  return { id: Number(row.id), chapterId: Number(row.chapter_id), attempts: Number(row.attempts), acceptWhenReady: row.accept_when_ready === true || String(row.accept_when_ready) === "true" };
}

/** Whether this worker still holds the job (a replacement upload or a delete takes it away). */
const stillMine = (job: ClaimedJob, workerId: string) => and(eq(chapterJobs.id, job.id), eq(chapterJobs.lockedBy, workerId));

/** Takes and processes one job; false when there was none. Exported for tests and the job runner. */
export async function processNextChapterJob({ db, workerId = randomUUID(), pageTimeoutMs }: { db: Db; workerId?: string; pageTimeoutMs?: number }): Promise<boolean> {
  const job = await claimJob(db, workerId);
  if (!job) return false;
  if (job.attempts > MAX_ATTEMPTS) {
    await failJob(db, job, workerId, new IngestError("TOO_COMPLEX", `Rendering did not finish in ${MAX_ATTEMPTS} attempts`));
    return true;
  }
  const heartbeat = setInterval(() => {
    void db.update(chapterJobs).set({ lockedAt: new Date() }).where(stillMine(job, workerId)).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
  try {
    const [stored] = await db.select({ pdf: chapterJobs.pdf }).from(chapterJobs).where(stillMine(job, workerId));
    if (!stored) return true;
    // In the background: one core is left to the requests and the workers run at a lower priority.
    const pages = await rasterizePdf({ pdf: new Uint8Array(stored.pdf.buffer, stored.pdf.byteOffset, stored.pdf.byteLength), pageTimeoutMs, background: true });
    await finishJob(db, job, workerId, pages);
  } catch (err) {
    if (err instanceof IngestError) await failJob(db, job, workerId, err);
    else {
      log.error({ err, jobId: job.id, chapterId: job.chapterId }, `[chapter-jobs] job ${job.id} (chapter ${job.chapterId}) failed, will retry`);
      await db.update(chapterJobs).set({ lockedAt: null, lockedBy: null }).where(stillMine(job, workerId)).catch(() => undefined);
    }
  } finally {
    clearInterval(heartbeat);
  }
  return true;
}

/** The pages are stored, the chapter ready (accepted for a trusted writer), the job gone: one transaction. */
async function finishJob(db: Db, job: ClaimedJob, workerId: string, pages: Awaited<ReturnType<typeof rasterizePdf>>): Promise<void> {
  await runUnitOfWork(db, async (uow) => {
    const taken = await uow.tx.delete(chapterJobs).where(stillMine(job, workerId)).returning({ id: chapterJobs.id });
    if (taken.length === 0) return; // replaced or deleted meanwhile: the newer upload wins
    const [chapter] = await uow.tx.select({ mangaId: chapters.mangaId, title: chapters.title, status: chapters.status }).from(chapters).where(eq(chapters.id, job.chapterId));
    if (!chapter) return;
    const m = await lockManga(uow.tx, SYSTEM_ACTOR, chapter.mangaId);
    const replaced = await pageMediaOf(uow.tx, [job.chapterId]);
    const stored = await storeChapterPagesIn(uow.tx, { chapterId: job.chapterId, sourceType: ChapterSource.Pdf, pages });
    uow.afterCommit(() => startPageCopies(db, stored, m.authorId));
    await removeUnusedMedia(uow.tx, replaced);
    const accept = job.acceptWhenReady && m.status === Status.Accepted;
    await uow.tx
      .update(chapters)
      .set({ processing: Processing.Ready, processingError: null, ...(accept ? { status: Status.Accepted } : {}) })
      .where(eq(chapters.id, job.chapterId));
    const params = { chapter: chapter.title, title: m.title, author: m.authorName ?? "?", mangaId: m.id };
    if (m.authorId !== null) await notifyUsers(uow, [m.authorId], "chapterReady", params, NotificationType.Success);
    if (accept) {
      await audit(uow.tx, { actorId: m.authorId, action: "chapter.auto-accept", subject: { type: "chapter", id: job.chapterId }, details: { mangaId: m.id, source: "pdf" } });
      await publishAcceptedChapters(uow, m.id, [job.chapterId]);
    } else if (chapter.status === Status.Accepted) {
      // New pages of a chapter that stayed accepted (a trusted writer's or root's replacement): nobody's review is
      // needed, but its public pages changed.
      changed(uow, { manga: m.id, catalogue: true });
    } else {
      await notifyRoots(uow, "reviewChapter", params, m.authorId ?? undefined);
    }
  });
}

/** A PDF that cannot be rendered: the chapter says why (processingError) and its author is told. */
async function failJob(db: Db, job: ClaimedJob, workerId: string, err: IngestError): Promise<void> {
  await runUnitOfWork(db, async (uow) => {
    const taken = await uow.tx.delete(chapterJobs).where(stillMine(job, workerId)).returning({ id: chapterJobs.id });
    if (taken.length === 0) return;
    const [row] = await uow.tx
      .update(chapters)
      .set({ processing: Processing.Failed, processingError: err.code, updatedAt: new Date() })
      .where(eq(chapters.id, job.chapterId))
      .returning({ mangaId: chapters.mangaId, title: chapters.title });
    if (!row) return;
    const m = await lockManga(uow.tx, SYSTEM_ACTOR, row.mangaId);
    if (m.authorId !== null) {
      await notifyUsers(uow, [m.authorId], "chapterFailed", { chapter: row.title, title: m.title, reason: err.code, mangaId: m.id }, NotificationType.Error);
    }
    await audit(uow.tx, { actorId: null, action: "chapter.processing-failed", subject: { type: "chapter", id: job.chapterId }, details: { code: err.code, by: await usernameOf(uow.tx, m.authorId) } });
  });
}

/** Processes jobs until none is left; answers how many it took. */
export async function runChapterJobs(opts: { db: Db; workerId?: string; pageTimeoutMs?: number }): Promise<number> {
  let n = 0;
  while (await processNextChapterJob(opts)) n++;
  return n;
}

/** After commit of an upload: every process hears there is work (the idle ones take it). */
export async function kickChapterJobs(): Promise<void> {
  await (await getBus()).publish("manga_chapter_jobs", "");
}

/**
 * Runs this process's job runner: it drains the queue when told over the bus, every POLL_MS (jobs left by a process
 * that died), and at start. One drain at a time. Returns the stop function.
 */
export function startChapterJobRunner(db: Db, bus: Bus): () => void {
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const drain = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    // Each drain has an id of its own on its log lines (server/core/log.ts).
    running = inScope({ requestId: newRequestId(), job: "chapter-jobs" }, () => runChapterJobs({ db, workerId }))
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, "[chapter-jobs] runner failed"))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          drain();
        }
      });
  };
  const unsubscribe = bus.subscribe("manga_chapter_jobs", drain);
  const timer = setInterval(drain, POLL_MS);
  timer.unref?.();
  drain();
  return () => {
    stopped = true;
    unsubscribe();
    clearInterval(timer);
  };
}
