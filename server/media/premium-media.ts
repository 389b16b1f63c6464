import type { Db } from "@/db/client";
import { sql, type SQL } from "drizzle-orm";
import { OPEN_KINDS } from "./store-media";

/**
 * SQL: the image is premium-only right now (issue 19, item 11): some chapter page uses it (as its reading image or one
 * of its 350/500/700 px copies), and every chapter whose pages use it is premium now (flagged, its free date not yet
 * come: the rule of server/visibility.ts's chapterPremiumNow, on the database clock). An image a free chapter also
 * uses is public, and so is a cover, banner or profile image (by its kind: no lookup at all).
 *
 * One correlated subquery on the indexes of chapter_pages' four image columns (migration 0013) and the chapters
 * primary key; it runs only for images that are not covers, banners or avatars. Its planning costs more than its
 * execution (~0.2 ms against ~0.02 ms), so the queries that carry it are prepared statements (serve-media.ts).
 * `id` and `kind` are fully qualified column references of the outer query (drizzle leaves columns of a one-table
 * select unqualified, which inside this subquery would name its own tables' columns): the page image's id (for a
 * width copy, its source's) and the image row's media.kind.
 */
export function premiumOnlyMedia(id: PremiumMediaRef, kind: '"media"."kind"'): SQL<boolean> {
  const ref = sql.raw(id);
  // Per page using the image, its chapter by primary key (a nested lookup whatever the tables' sizes).
  return sql<boolean>`case when ${sql.raw(kind)} in (${sql.raw(OPEN_KINDS.join(", "))}) then false else coalesce((
    select bool_and(exists (select 1 from chapters pmc where pmc.id = pmp.chapter_id and pmc.is_premium and (pmc.free_at is null or pmc.free_at > now())))
    from chapter_pages pmp
    where pmp.image_id = ${ref} or pmp.image350_id = ${ref} or pmp.image500_id = ${ref} or pmp.image700_id = ${ref}
  ), false) end`;
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
