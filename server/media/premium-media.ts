import type { Db } from "@/db/client";
import { sql, type SQL } from "drizzle-orm";
import { Status } from "@/lib/enums";
import { MediaKind } from "./kind";
import { OPEN_KINDS } from "./store-media";

/**
 * SQL: the image is served only through a signed URL (issue 19 item 11, narrowed by issue 27 item 9). Covers, banners
 * and profile images are public by their kind (no lookup at all). Any other image is public only when some page of a
 * *published free* chapter uses it (as its reading image or one of its 350/500/700 px copies): the chapter accepted and
 * released (publishAt null or reached), not premium now (server/visibility.ts's publicChapter and chapterPremiumNow, on
 * the database clock), in an accepted manga. A pending, rejected or scheduled chapter, a hidden manga's chapter or a
 * premium one makes nothing public: a writer's never-approved free chapter built from a premium chapter's page used to
 * publish that page for a year (`immutable`). A page image no chapter uses is not public either; an image of another
 * kind that no page uses (none is stored today) stays public.
 *
 * One correlated subquery on the indexes of chapter_pages' four image columns and the chapters and
 * manga primary keys; it runs only for images that are not covers, banners or avatars. Its planning costs more than
 * its execution, so the queries that carry it are prepared statements (serve-media.ts). `id` and `kind` are fully
 * qualified column references of the outer query (drizzle leaves columns of a one-table select unqualified, which
 * inside this subquery would name its own tables' columns): the page image's id (for a width copy, its source's) and
 * the image row's media.kind.
 */
export function premiumOnlyMedia(id: PremiumMediaRef, kind: '"media"."kind"'): SQL<boolean> {
  const usedBy = (alias: string) =>
    sql.raw(`(${alias}.image_id = ${id} or ${alias}.image350_id = ${id} or ${alias}.image500_id = ${id} or ${alias}.image700_id = ${id})`);
  const accepted = sql.raw(String(Status.Accepted));
  return sql<boolean>`case when ${sql.raw(kind)} in (${sql.raw(OPEN_KINDS.join(", "))}) then false else (
    (${sql.raw(kind)} = ${sql.raw(String(MediaKind.Page))} or exists (select 1 from chapter_pages pmu where ${usedBy("pmu")}))
    and not exists (
      select 1 from chapter_pages pmp
      join chapters pmc on pmc.id = pmp.chapter_id
      join manga pmm on pmm.id = pmc.manga_id
      where ${usedBy("pmp")}
        and pmc.status = ${accepted} and (pmc.publish_at is null or pmc.publish_at <= now())
        and not (pmc.is_premium and (pmc.free_at is null or pmc.free_at > now()))
        and pmm.status = ${accepted}
    )
  ) end`;
}

export type PremiumMediaRef = '"media"."id"' | '"media_variants"."source_id"';

/** A boolean column as the drivers return it (PGlite and node-postgres: true/false; text forms just in case). */
export function asBoolean(value: unknown): boolean {
  return value === true || value === "t" || value === "true";
}

/**
 * `prepare(db)` once per database handle (a WeakMap): prepared statements are planned once per connection, which the
 * media reads need (their premium subquery costs more to plan than to run).
 */
export function perDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let value = prepared.get(db);
    if (value === undefined) prepared.set(db, (value = prepare(db)));
    return value;
  };
}
