import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { mediaUrl } from "@/lib/media-url";
import { LATEST, type LatestGroup, type LatestPage } from "@/lib/latest";
import { iso, PREMIUM_NOW, RELEASED_AT, visibleChapter } from "./latest-sql";

/**
 * "Latest updates" (issue 31, item 4; docs/decisions/025): the newest chapters a visitor can see, grouped by manga.
 *
 * A chapter counts when a visitor may see it (server/visibility.ts, here in SQL over the aliases `c` and `m`): the
 * chapter accepted and released (no `publish_at`, or one that has passed), its manga accepted. Premium chapters stay
 * listed, as the catalogue lists them, flagged `premium` while they are premium now (until their `free_at`).
 *
 * Its release time is when it reached readers: `announced_at` (set when an accepted, released chapter of an accepted
 * manga is announced), else its scheduled `publish_at` (visible from then, before the release timer claims it), else
 * its upload time (rows from before announcements were recorded).
 *
 * One query a page: the public chapters ranked within their manga by release, the manga ordered by their newest one,
 * the page of manga taken with its newest LATEST.chaptersPerManga chapters, and the total of manga in the same answer.
 */
export type { LatestChapter, LatestGroup, LatestPage } from "@/lib/latest";

type Row = {
  total: number | string;
  manga_id: number | null;
  manga_title: string | null;
  cover_image_id: string | null;
  latest_at: unknown;
  chapter_id: number | null;
  chapter_number: number | null;
  chapter_title: string | null;
  premium: boolean | null;
  released_at: unknown;
};

/** One page of the list (page from 1, clamped to LATEST.maxPages; a page past the end is empty with the true total). */
export async function listLatestUpdates({
  db,
  page = 1,
  pageSize = LATEST.pageSize,
  chaptersPerManga = LATEST.chaptersPerManga,
}: {
  db: Db;
  page?: number;
  pageSize?: number;
  chaptersPerManga?: number;
}): Promise<LatestPage> {
  const size = Math.max(1, Math.min(Math.trunc(pageSize), 100));
  const number = Math.max(1, Math.min(Math.trunc(page), LATEST.maxPages));
  const perManga = Math.max(1, Math.min(Math.trunc(chaptersPerManga), 10));
  const result = await db.execute<Row>(sql`
    with ranked as (
      select c.id, c.manga_id, c.number, c.title, ${PREMIUM_NOW} as premium, ${RELEASED_AT} as released_at,
             row_number() over (partition by c.manga_id order by ${RELEASED_AT} desc, c.number desc) as rn
      from chapters c join manga m on m.id = c.manga_id
      where ${visibleChapter()}
    ),
    total as (select count(*)::int as total from ranked where rn = 1),
    groups as (
      select manga_id, released_at as latest_at from ranked where rn = 1
      order by released_at desc, manga_id desc
      limit ${size} offset ${(number - 1) * size}
    )
    select t.total, x.* from total t left join lateral (
      select g.manga_id, m.title as manga_title, m.cover_image_id, g.latest_at,
             r.id as chapter_id, r.number as chapter_number, r.title as chapter_title, r.premium, r.released_at
      from groups g
      join manga m on m.id = g.manga_id
      join ranked r on r.manga_id = g.manga_id and r.rn <= ${perManga}
      order by g.latest_at desc, g.manga_id desc, r.rn
    ) x on true`);
  const items: LatestGroup[] = [];
  let total = 0;
  for (const row of result.rows) {
    total = Number(row.total);
    if (row.manga_id === null || row.chapter_id === null) continue;
    let group = items[items.length - 1];
    if (!group || group.mangaId !== Number(row.manga_id)) {
      group = { mangaId: Number(row.manga_id), title: row.manga_title ?? "", coverImageUrl: mediaUrl(row.cover_image_id), latestAt: iso(row.latest_at), chapters: [] };
      items.push(group);
    }
    group.chapters.push({ id: Number(row.chapter_id), number: Number(row.chapter_number), title: row.chapter_title ?? "", releasedAt: iso(row.released_at), premium: Boolean(row.premium) });
  }
  const totalPages = Math.min(Math.ceil(total / size), LATEST.maxPages);
  return { items, pageNumber: number, pageSize: size, totalRecords: total, totalPages };
}

