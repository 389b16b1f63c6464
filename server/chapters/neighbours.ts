import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { publicChapter } from "@/server/visibility";
import { chapters } from "@/db/schema";

/**
 * The chapters before and after one in reading order: among accepted chapters for readers, among all of
 * the manga's chapters for its author and root. Two indexed single-row queries.
 */
export async function chapterNeighbours({ db, mangaId, number, privileged }: { db: Db; mangaId: number; number: number; privileged: boolean }) {
  const visible = privileged ? undefined : publicChapter();
  const [prev, next] = await Promise.all([
    db.select({ id: chapters.id }).from(chapters).where(and(eq(chapters.mangaId, mangaId), lt(chapters.number, number), visible)).orderBy(desc(chapters.number)).limit(1),
    db.select({ id: chapters.id }).from(chapters).where(and(eq(chapters.mangaId, mangaId), gt(chapters.number, number), visible)).orderBy(asc(chapters.number)).limit(1),
  ]);
  return { previousChapterId: prev[0]?.id ?? null, nextChapterId: next[0]?.id ?? null };
}
