import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { favorites, manga } from "@/db/schema";
import { notFound, unauthorized } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { POPULARITY_PER_FAVORITE } from "@/server/manga/popularity";
import { canSeeManga } from "@/server/visibility";
import { type SignedInViewer } from "@/server/core/viewer";
import { isRowId } from "@/lib/validation/numbers";

export interface ToggleFavoriteResult {
  mangaId: number;
  /** The state after the call. */
  isFavorite: boolean;
  /** The manga's favourite count after the call. */
  favorites: number;
}

/** Postgres error code of a row whose foreign key points nowhere (here: an account deleted under a live token). */
const FOREIGN_KEY_VIOLATION = "23503";

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * Adds the manga to the user's favourites, or removes it when it is there (spec §4). One transaction that
 * locks the manga row first, so toggles of one manga run one after another: the favourite row and the
 * manga's `favorites` and `popularity` counters always agree, however many users toggle at once.
 * Only manga the user may see can be favourited (404 otherwise).
 */
export async function toggleFavorite({ db, viewer, mangaId }: { db: Db; viewer: SignedInViewer; mangaId: number }): Promise<ToggleFavoriteResult> {
  if (!isRowId(mangaId)) throw notFound("mangaNotFound");
  try {
    return await runUnitOfWork(db, async (uow) => {
      const { tx } = uow;
      const [row] = await tx
        .select({ id: manga.id, status: manga.status, authorId: manga.authorId })
        .from(manga)
        .where(eq(manga.id, mangaId))
        .for("update");
      if (!row || !canSeeManga(viewer, row)) throw notFound("mangaNotFound");
      const removed = await tx
        .delete(favorites)
        .where(and(eq(favorites.userId, viewer.userId), eq(favorites.mangaId, mangaId)))
        .returning({ mangaId: favorites.mangaId });
      let delta = -removed.length;
      if (removed.length === 0) {
        const added = await tx.insert(favorites).values({ userId: viewer.userId, mangaId }).onConflictDoNothing().returning({ mangaId: favorites.mangaId });
        delta = added.length;
      }
      const [updated] = await tx
        .update(manga)
        .set({
          favorites: sql`greatest(${manga.favorites} + ${delta}, 0)`,
          popularity: sql`${manga.popularity} + ${delta * POPULARITY_PER_FAVORITE}`,
        })
        .where(eq(manga.id, mangaId))
        .returning({ favorites: manga.favorites });
      // Only a counter moved: the preview shows it at once after a quiet spell, within COUNTER_REFRESH_MS on a busy
      // manga (the toggling browser shows its own answer meanwhile); lists (counts on cards, popularity order) follow
      // within the cache's revalidate time. A busy heart button neither empties the catalogue cache nor re-renders
      // the preview per click.
      changed(uow, { counters: mangaId });
      return { mangaId, isFavorite: removed.length === 0, favorites: updated?.favorites ?? 0 };
    });
  } catch (err) {
    if (pgCode(err) === FOREIGN_KEY_VIOLATION) throw unauthorized("invalidToken");
    throw err;
  }
}
