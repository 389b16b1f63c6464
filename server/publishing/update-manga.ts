import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { manga, mangaGenres } from "@/db/schema";
import { GENRES, Status } from "@/lib/enums";
import { searchTextFor } from "@/lib/search-fold";
import { audit } from "@/server/core/audit";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork, type Tx } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { encodeCover, prepareCoverVariants, storeCover } from "./cover";
import { loadManagedManga, type ManagedManga } from "./managed";
import { notifyRoots } from "./notices";
import { lockManga, removeUnusedMedia } from "./rows";
import type { MangaFields } from "./submit-manga";
import { type SignedInViewer, isRoot } from "@/server/core/viewer";

/** A manga's genres by name, in GENRES order. */
async function genresOf(tx: Tx, mangaId: number): Promise<string[]> {
  const rows = await tx.select({ genre: mangaGenres.genre }).from(mangaGenres).where(eq(mangaGenres.mangaId, mangaId));
  return rows.map((r) => GENRES[r.genre]).filter((g): g is (typeof GENRES)[number] => g !== undefined).sort((a, b) => GENRES.indexOf(a) - GENRES.indexOf(b));
}

/** Equal as stored: genre lists as sets, the rest as values. */
function sameValue(value: unknown, stored: unknown): boolean {
  if (Array.isArray(value) && Array.isArray(stored)) {
    const a = new Set(value);
    return a.size === new Set(stored).size && stored.every((v) => a.has(v));
  }
  return value === stored;
}

/**
 * PUT /api/manga/UpdateManga: the owner or root changes any of the fields and the cover (docs/decisions/013):
 * - an accepted manga's edits stay live (post-moderation): audited with before/after, and roots are told when a
 *   writer made them;
 * - a rejected manga that is changed goes back to Pending (a resubmission) and roots are told;
 * - a replaced cover's old images are removed once nothing else uses them;
 * - only fields that differ from the stored manga are changes (the form sends them all): a save that changes nothing
 *   writes nothing (its "updated" time, which the catalogue sorts and filters by, included), unless it resubmits.
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
    // Only what differs from the stored manga is a change: the form sends every field on each save.
    const stored: Partial<Record<keyof MangaFields, unknown>> = {
      title: before.title,
      description: before.description,
      readingDirection: before.readingDirection,
      language: before.language,
      publicationStatus: before.publicationStatus,
      genres: fields.genres !== undefined ? await genresOf(uow.tx, mangaId) : undefined,
    };
    const edited: Partial<MangaFields> = Object.fromEntries(
      Object.entries(fields).filter(([key, value]) => value !== undefined && !sameValue(value, stored[key as keyof MangaFields])),
    );
    const images = encoded ? await storeCover(uow.tx, encoded) : undefined;
    const resubmitted = before.status === Status.Rejected && !isRoot(actor);
    const changes = { ...edited, ...(images ? { cover: "replaced" } : {}) };
    // A save that changes nothing writes nothing (no new "updated" time, no audit row, no notice), unless it resubmits.
    if (Object.keys(changes).length === 0 && !resubmitted) return;

    const set: Partial<typeof manga.$inferInsert> = { updatedAt: new Date() };
    if (edited.title !== undefined) set.title = edited.title;
    if (edited.description !== undefined) set.description = edited.description;
    if (edited.readingDirection !== undefined) set.readingDirection = edited.readingDirection;
    if (edited.language !== undefined) set.language = edited.language;
    if (edited.publicationStatus !== undefined) set.publicationStatus = edited.publicationStatus;
    if (edited.title !== undefined || edited.description !== undefined) {
      set.searchText = searchTextFor(edited.title ?? before.title, edited.description ?? before.description, before.authorSearchName);
    }
    if (images) Object.assign(set, images);
    if (resubmitted) set.status = Status.Pending;
    await uow.tx.update(manga).set(set).where(eq(manga.id, mangaId));
    if (edited.genres !== undefined) {
      await uow.tx.delete(mangaGenres).where(eq(mangaGenres.mangaId, mangaId));
      await uow.tx.insert(mangaGenres).values([...new Set(edited.genres)].map((g) => ({ mangaId, genre: GENRES.indexOf(g) })));
    }
    if (images) {
      await removeUnusedMedia(uow.tx, [before.coverImageId, before.bannerImageId]);
      uow.afterCommit(() => prepareCoverVariants(db, images));
    }
    await audit(uow.tx, {
      actorId: actor.userId,
      action: resubmitted ? "manga.resubmit" : "manga.update",
      subject: { type: "manga", id: mangaId },
      details: {
        // Each changed field's value before, beside the review status (title and description always, for context).
        before: { title: before.title, description: before.description, status: before.status, ...Object.fromEntries(Object.keys(edited).map((key) => [key, stored[key as keyof MangaFields]])) },
        changes,
      },
    });
    if (!isRoot(actor) && (resubmitted || before.status === Status.Accepted)) {
      const title = edited.title ?? before.title;
      await notifyRoots(uow, resubmitted ? "reviewManga" : "editedManga", { title, author: before.authorName ?? "?", mangaId });
    }
    if (before.status === Status.Accepted) changed(uow, { manga: mangaId, catalogue: true });
  });
  const updated = await loadManagedManga(db, mangaId);
  if (!updated) throw notFound("mangaNotFound");
  return updated;
}
