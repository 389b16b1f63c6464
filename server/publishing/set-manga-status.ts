import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { manga } from "@/db/schema";
import { NotificationType, Status } from "@/lib/enums";
import { audit } from "@/server/core/audit";
import { notFound, validation } from "@/server/core/errors";
import { runUnitOfWork, type UnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { tellFollowers } from "@/server/follows/tell-followers";
import { loadManagedManga, type ManagedManga } from "./managed";
import { publishAcceptedChapters, unannouncedChapters } from "./announce";
import { notifyUsers } from "./notices";
import { lockManga, recountManga } from "./rows";
import { type SignedInViewer } from "@/server/core/viewer";

export type Decision = typeof Status.Accepted | typeof Status.Rejected;

/**
 * POST /api/manga/StatusManga (root): accepts (optional note) or rejects (a reason is required) a manga. Recorded
 * with the note, audited, the author told in their language; an accepted manga (with its accepted chapters) reaches
 * every process's public pages at once, a rejected one leaves them.
 */
export async function setMangaStatus({
  db,
  actor,
  mangaId,
  status,
  note,
}: {
  db: Db;
  actor: SignedInViewer;
  mangaId: number;
  status: Decision;
  note?: string | null;
}): Promise<ManagedManga> {
  const reason = note?.trim() || null;
  if (status === Status.Rejected && !reason) throw validation({ note: ["noteRequired"] }, "noteRequired");
  await runUnitOfWork(db, (uow) => decideMangaIn(uow, { actor, mangaId, status, reason }));
  const updated = await loadManagedManga(db, mangaId);
  if (!updated) throw notFound("mangaNotFound");
  return updated;
}

/**
 * The decision itself inside a caller's unit of work (StatusManga, and the reports queue's "hide", which rejects the
 * manga in the same transaction as it resolves the reports): status and note recorded, audited, the author told,
 * the public pages refreshed. `reason` is the trimmed note (required by the callers for a rejection).
 */
export async function decideMangaIn(
  uow: UnitOfWork,
  { actor, mangaId, status, reason }: { actor: SignedInViewer; mangaId: number; status: Decision; reason: string | null },
): Promise<void> {
  const row = await lockManga(uow.tx, actor, mangaId);
  await uow.tx.update(manga).set({ status, reviewNote: reason, updatedAt: new Date() }).where(eq(manga.id, mangaId));
  await recountManga(uow.tx, mangaId);
  const accepted = status === Status.Accepted;
  await audit(uow.tx, {
    actorId: actor.userId,
    action: accepted ? "manga.accept" : "manga.reject",
    subject: { type: "manga", id: mangaId },
    details: { note: reason, previousStatus: row.status },
  });
  if (row.authorId !== null && row.authorId !== actor.userId) {
    await notifyUsers(
      uow,
      [row.authorId],
      accepted ? "mangaAccepted" : "mangaRejected",
      { title: row.title, note: reason ?? "", mangaId },
      accepted ? NotificationType.Success : NotificationType.Warning,
    );
  }
  // The first acceptance makes it a new manga for its author's followers (issue 34): marked once in this transaction,
  // they are told after the commit (server/follows/tell-followers.ts). Accepting it again tells nobody twice.
  if (accepted && row.authorId !== null) {
    const [first] = await uow.tx
      .update(manga)
      .set({ followersToldAt: sql`now()` })
      .where(and(eq(manga.id, mangaId), isNull(manga.followersToldAt)))
      .returning({ id: manga.id });
    const writerId = row.authorId;
    if (first) uow.afterCommit(async () => tellFollowers(await getDb(), { writerId, mangaId, title: row.title, author: row.authorName ?? "" }));
  }
  // Accepting (again) announces the chapters accepted while readers could not see the manga; scheduled ones wait.
  if (accepted) await publishAcceptedChapters(uow, mangaId, await unannouncedChapters(uow, mangaId));
  else if (row.status === Status.Accepted) changed(uow, { manga: mangaId, catalogue: true });
}
