import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { manga, mangaGenres } from "@/db/schema";
import { GENRES, Status } from "@/lib/enums";
import { searchTextFor } from "@/lib/search-fold";
import { audit } from "@/server/core/audit";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { authorSearchName } from "@/server/manga/author-search";
import { changed } from "@/server/manga/changed";
import { encodeCover, prepareCoverVariants, storeCover } from "./cover";
import { loadManagedManga, type ManagedManga } from "./managed";
import { notifyRoots } from "./notices";
import { lockManga, removeUnusedMedia } from "./rows";
import type { MangaFields } from "./submit-manga";
import { type SignedInViewer, isRoot } from "@/server/core/viewer";

/**
 * PUT /api/manga/UpdateManga: the owner or root changes any of the fields and the cover (docs/decisions/013):
 * - an accepted manga's edits stay live (post-moderation): audited with before/after, and roots are told when a
 *   writer made them;
 * - a rejected manga that is changed goes back to Pending (a resubmission) and roots are told;
 * - a replaced cover's old images are removed once nothing else uses them.
 */
export async function updateManga({
  db,
  actor,
  mangaId,
  fields,
  cover,
}: {
  db: Db;
  actor: SignedInViewer;
  mangaId: number;
  fields: Partial<MangaFields>;
  cover?: Uint8Array;
}): Promise<ManagedManga> {
  const encoded = cover ? await encodeCover(cover) : undefined;
  await runUnitOfWork(db, async (uow) => {
    const before = await lockManga(uow.tx, actor, mangaId);
    const set: Partial<typeof manga.$inferInsert> = { updatedAt: new Date() };
    if (fields.title !== undefined) set.title = fields.title;
    if (fields.description !== undefined) set.description = fields.description;
    if (fields.readingDirection !== undefined) set.readingDirection = fields.readingDirection;
    if (fields.language !== undefined) set.language = fields.language;
    if (fields.publicationStatus !== undefined) set.publicationStatus = fields.publicationStatus;
    if (fields.title !== undefined || fields.description !== undefined) {
      set.searchText = searchTextFor(fields.title ?? before.title, fields.description ?? before.description, await authorSearchName(uow.tx, before.authorId));
    }
    const images = encoded ? await storeCover(uow.tx, encoded) : undefined;
    if (images) Object.assign(set, images);
    const resubmitted = before.status === Status.Rejected && !isRoot(actor);
    if (resubmitted) set.status = Status.Pending;
    await uow.tx.update(manga).set(set).where(eq(manga.id, mangaId));
    if (fields.genres !== undefined) {
      await uow.tx.delete(mangaGenres).where(eq(mangaGenres.mangaId, mangaId));
      await uow.tx.insert(mangaGenres).values([...new Set(fields.genres)].map((g) => ({ mangaId, genre: GENRES.indexOf(g) })));
    }
    if (images) {
      await removeUnusedMedia(uow.tx, [before.coverImageId, before.bannerImageId]);
      uow.afterCommit(() => prepareCoverVariants(db, images));
    }
    const changes = { ...fields, ...(images ? { cover: "replaced" } : {}) };
    await audit(uow.tx, {
      actorId: actor.userId,
      action: resubmitted ? "manga.resubmit" : "manga.update",
      subject: { type: "manga", id: mangaId },
      details: {
        before: {
          title: before.title,
          description: before.description,
          status: before.status,
          // What a changed publication status was (a series marked completed, or back to ongoing).
          ...(fields.publicationStatus !== undefined ? { publicationStatus: before.publicationStatus } : {}),
        },
        changes,
      },
    });
    if (!isRoot(actor) && (resubmitted || before.status === Status.Accepted)) {
      const title = fields.title ?? before.title;
      await notifyRoots(uow, resubmitted ? "reviewManga" : "editedManga", { title, author: before.authorName ?? "?", mangaId });
    }
    if (before.status === Status.Accepted) changed(uow, { manga: mangaId, catalogue: true });
  });
  const updated = await loadManagedManga(db, mangaId);
  if (!updated) throw notFound("mangaNotFound");
  return updated;
}
