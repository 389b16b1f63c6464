import type { Db } from "@/db/client";
import { manga, mangaGenres } from "@/db/schema";
import { GENRES, Status, type Genre } from "@/lib/enums";
import { searchTextFor } from "@/lib/search-fold";
import type { MangaLanguage } from "@/lib/manga-language";
import { languageOfTitle } from "@/lib/title-language";
import type { PublicationStatus } from "@/lib/publication-status";
import { audit } from "@/server/core/audit";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { encodeCover, prepareCoverVariants, storeCover } from "./cover";
import { loadManagedManga, type ManagedManga } from "./managed";
import { notifyRoots } from "./notices";
import { usernameOf } from "./rows";
import { type SignedInViewer } from "@/server/core/viewer";

export interface MangaFields {
  title: string;
  description: string;
  genres: readonly Genre[];
  readingDirection: number;
  /** lib/manga-language.ts; not chosen: the title's script decides (lib/title-language.ts). */
  language?: MangaLanguage;
  /** lib/publication-status.ts; not chosen: ongoing. */
  publicationStatus?: PublicationStatus;
}

/**
 * POST /api/manga/SubmitManga: a writer (or root) creates a manga, Pending until root reviews it. The cover is
 * checked and encoded (card and banner) before the transaction; the manga, its genres and the images are written in
 * one; roots are told it waits for review; the card and banner widths are made after the commit.
 */
export async function submitManga({ db, actor, fields, cover }: { db: Db; actor: SignedInViewer; fields: MangaFields; cover: Uint8Array }): Promise<ManagedManga> {
  const encoded = await encodeCover(cover);
  const result = await runUnitOfWork(db, async (uow) => {
    const images = await storeCover(uow.tx, encoded);
    // The writer's name, for the search text and roots' notice (an account that can act is not deleted).
    const author = await usernameOf(uow.tx, actor.userId);
    const [row] = await uow.tx
      .insert(manga)
      .values({
        title: fields.title,
        description: fields.description,
        searchText: searchTextFor(fields.title, fields.description, author),
        readingDirection: fields.readingDirection,
        language: fields.language ?? languageOfTitle(fields.title),
        publicationStatus: fields.publicationStatus ?? "ongoing",
        authorId: actor.userId,
        status: Status.Pending,
        ...images,
      })
      .returning({ id: manga.id });
    if (!row) throw new Error("insert returned no manga");
    await uow.tx.insert(mangaGenres).values([...new Set(fields.genres)].map((g) => ({ mangaId: row.id, genre: GENRES.indexOf(g) })));
    await audit(uow.tx, { actorId: actor.userId, action: "manga.submit", subject: { type: "manga", id: row.id }, details: { title: fields.title } });
    await notifyRoots(uow, "reviewManga", { title: fields.title, author, mangaId: row.id }, actor.userId);
    uow.afterCommit(() => prepareCoverVariants(db, images));
    return row.id;
  });
  const created = await loadManagedManga(db, result);
  if (!created) throw notFound("mangaNotFound");
  return created;
}

