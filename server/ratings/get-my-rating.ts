import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { manga, ratings } from "@/db/schema";
import { Status } from "@/lib/enums";
import type { RatingState } from "@/lib/validation/ratings";
import { notFound } from "@/server/core/errors";
import type { SignedInViewer } from "@/server/core/viewer";
import { isRowId } from "@/lib/validation/numbers";
import { stateOf } from "./rules";

/** GET /api/Rating/Mine?mangaId= (members): my score of a public manga (null: none) with its counted mean and count. One statement. */
export async function getMyRating({ db, viewer, mangaId }: { db: Db; viewer: SignedInViewer; mangaId: number }): Promise<RatingState> {
  if (!isRowId(mangaId)) throw notFound("mangaNotFound");
  const [row] = await db
    .select({
      ratingSum: manga.ratingSum,
      ratingCount: manga.ratingCount,
      score: ratings.score,
      counted: sql<boolean>`coalesce(${ratings.counted}, false)`,
    })
    .from(manga)
    .leftJoin(ratings, and(eq(ratings.mangaId, manga.id), eq(ratings.userId, viewer.userId)))
    .where(and(eq(manga.id, mangaId), eq(manga.status, Status.Accepted)));
  if (!row) throw notFound("mangaNotFound");
  return stateOf(mangaId, row.score === null ? undefined : { score: row.score, counted: row.counted }, row);
}
