import { and, count, eq, inArray, sql } from "drizzle-orm";
import { chapterPages, chapters, manga, media, mediaVariants, users } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { MediaStore } from "@/server/media/kind";
import type { Tx } from "@/server/core/unit-of-work";
import { publicChapter } from "@/server/visibility";
import { managedChapterColumns } from "./managed";
import { type SignedInViewer, mayManage } from "@/server/core/viewer";
import { isRowId } from "@/lib/validation/numbers";
import { tryLockMediaId } from "@/server/media/collect-media";

/** The manga row a write works on, locked for the rest of the transaction. */
export interface LockedManga {
  id: number;
  title: string;
  description: string;
  status: number;
  reviewNote: string | null;
  authorId: number | null;
  coverImageId: string | null;
  bannerImageId: string | null;
  readingDirection: number;
  language: string;
  publicationStatus: string;
  authorName: string | null;
  /** The name a search finds the manga by (lib/search-fold.ts searchTextFor): none for a deleted account. */
  authorSearchName: string;
  authorTrusted: boolean;
}


/**
 * Locks the manga (FOR UPDATE) and checks the actor may manage it. Someone else's manga is a 404, as if it did not
 * exist: a writer learns nothing about other writers' unpublished work.
 */
export async function lockManga(tx: Tx, actor: SignedInViewer, mangaId: number): Promise<LockedManga> {
  if (!isRowId(mangaId)) throw notFound("mangaNotFound");
  const [row] = await tx
    .select({
      id: manga.id,
      title: manga.title,
      description: manga.description,
      status: manga.status,
      reviewNote: manga.reviewNote,
      authorId: manga.authorId,
      coverImageId: manga.coverImageId,
      bannerImageId: manga.bannerImageId,
      readingDirection: manga.readingDirection,
      language: manga.language,
      publicationStatus: manga.publicationStatus,
    })
    .from(manga)
    .where(eq(manga.id, mangaId))
    .for("update");
  if (!row || !mayManage(actor, row.authorId)) throw notFound("mangaNotFound");
  const [author] =
    row.authorId === null ? [] : await tx.select({ username: users.username, trusted: users.trusted, deletedAt: users.deletedAt }).from(users).where(eq(users.id, row.authorId));
  return { ...row, authorName: author?.username ?? null, authorSearchName: author && !author.deletedAt ? author.username : "", authorTrusted: author?.trusted === true };
}

export interface LockedChapter {
  id: number;
  mangaId: number;
  title: string;
  number: number;
  status: number;
  isPremium: boolean;
  publishAt: Date | null;
  freeAt: Date | null;
  announcedAt: Date | null;
  processing: number;
}

/** Locks a chapter and its manga (manga first, the order every write takes) and checks the actor may manage it. */
export async function lockChapter(tx: Tx, actor: SignedInViewer, chapterId: number): Promise<{ chapter: LockedChapter; manga: LockedManga }> {
  if (!isRowId(chapterId)) throw notFound("chapterNotFound");
  const [ref] = await tx.select({ mangaId: chapters.mangaId }).from(chapters).where(eq(chapters.id, chapterId));
  if (!ref) throw notFound("chapterNotFound");
  let locked: LockedManga;
  try {
    locked = await lockManga(tx, actor, ref.mangaId);
  } catch {
    throw notFound("chapterNotFound");
  }
  const [chapter] = await tx
    .select({ ...managedChapterColumns, announcedAt: chapters.announcedAt })
    .from(chapters)
    .where(and(eq(chapters.id, chapterId), eq(chapters.mangaId, ref.mangaId)))
    .for("update");
  if (!chapter) throw notFound("chapterNotFound");
  return { chapter, manga: locked };
}

/** Sets the manga's public chapter count (accepted and released) and its last-updated time. */
export async function recountManga(tx: Tx, mangaId: number): Promise<void> {
  const [row] = await tx.select({ n: count() }).from(chapters).where(and(eq(chapters.mangaId, mangaId), publicChapter()));
  await tx.update(manga).set({ chapterCount: Number(row?.n ?? 0), updatedAt: new Date() }).where(eq(manga.id, mangaId));
}

/** The next free chapter number of a manga (reading order from 1). */
export async function nextChapterNumber(tx: Tx, mangaId: number): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`coalesce(max(${chapters.number}), 0)` }).from(chapters).where(eq(chapters.mangaId, mangaId));
  return Number(row?.n ?? 0) + 1;
}

/** Every media id a chapter's pages use (reading images and their 350/500/700 variants). */
export async function pageMediaOf(tx: Tx, chapterIds: readonly number[]): Promise<string[]> {
  if (chapterIds.length === 0) return [];
  const rows = await tx
    .select({ a: chapterPages.imageId, b: chapterPages.image350Id, c: chapterPages.image500Id, d: chapterPages.image700Id })
    .from(chapterPages)
    .where(inArray(chapterPages.chapterId, [...chapterIds]));
  return rows.flatMap((r) => [r.a, r.b, r.c, r.d]).filter((id): id is string => typeof id === "string");
}

/**
 * Deletes the media among `candidates` that nothing references any more (no manga cover or banner, chapter page,
 * profile image, site setting or other image's variant), with their stored width variants. Media are content-addressed,
 * so an image shared by two manga or pages stays until the last user goes. Runs in the write's transaction.
 * Left to the media collector (server/media/collect-media.ts), a day later: media kept in a bucket (the collector
 * removes the object after the row) and media an identical upload is storing right now (its per-id lock is held).
 */
export async function removeUnusedMedia(tx: Tx, candidates: readonly (string | null | undefined)[]): Promise<number> {
  const ids = [...new Set(candidates.filter((id): id is string => typeof id === "string" && id.length > 0))];
  if (ids.length === 0) return 0;
  const idList = sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;
  // The sources' width variants go with them (they are only reachable through their source).
  const variants = await tx.select({ id: mediaVariants.mediaId }).from(mediaVariants).where(inArray(mediaVariants.sourceId, ids));
  const unused = sql`
    select m.id from ${media} m
    where m.id = any(${idList})
      and m.store <> ${MediaStore.Bucket}
      and not exists (select 1 from ${manga} where cover_image_id = m.id or banner_image_id = m.id)
      and not exists (select 1 from ${chapterPages} where image_id = m.id or image350_id = m.id or image500_id = m.id or image700_id = m.id)
      and not exists (select 1 from ${users} where profile_image_id = m.id)
      and not exists (select 1 from site_settings s where strpos(s.value::text, m.id) > 0)
      and not exists (select 1 from ${mediaVariants} v where v.media_id = m.id and not (v.source_id = any(${idList})))
      and ${tryLockMediaId("m")}`;
  const removed = await tx.execute<{ id: string }>(sql`delete from ${media} where id in (${unused}) returning id`);
  let total = removed.rows.length;
  const variantIds = variants.map((v) => v.id).filter((id) => !ids.includes(id));
  if (variantIds.length > 0) total += await removeUnusedMedia(tx, variantIds);
  return total;
}

/** An account's username, for notification texts ("?" when the account is gone). */
export async function usernameOf(tx: Tx, userId: number | null): Promise<string> {
  if (userId === null) return "?";
  const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? "?";
}

/**
 * Renumbers a manga's chapters 1…n in the given order (chapter ids), in two statements that never collide with the
 * (manga, number) unique index: every number is first made negative, then set from the list.
 */
export async function renumberChapters(tx: Tx, mangaId: number, orderedIds: readonly number[]): Promise<void> {
  if (orderedIds.length === 0) return;
  await tx.update(chapters).set({ number: sql`-${chapters.number}` }).where(eq(chapters.mangaId, mangaId));
  const list = sql`array[${sql.join(orderedIds.map((id) => sql`${id}`), sql`, `)}]::int[]`;
  await tx.execute(sql`
    update ${chapters} set number = v.n
    from (select t.id, t.n from unnest(${list}) with ordinality as t(id, n)) v
    where ${chapters.id} = v.id and ${chapters.mangaId} = ${mangaId}`);
}

/** A manga's chapter ids in reading order. */
export async function chapterOrder(tx: Tx, mangaId: number): Promise<number[]> {
  const rows = await tx.select({ id: chapters.id }).from(chapters).where(eq(chapters.mangaId, mangaId)).orderBy(chapters.number);
  return rows.map((r) => r.id);
}
