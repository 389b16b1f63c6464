import { sql } from "drizzle-orm";
import type { Executor } from "@/server/core/unit-of-work";
import { chapters, manga, reports, users } from "@/db/schema";
import { ReportStatus } from "@/lib/report-enums";
import { paged, type Paged } from "@/lib/paged";
import type { ReportQueueState } from "@/lib/validation/reports";

/** A few of a group's most recent texts, so root sees what readers said without opening each report. */
export const EXCERPTS_PER_GROUP = 3;

export interface ReportExcerpt {
  reason: number;
  details: string;
  reporter: string | null;
  createdAt: string;
}

/** One reported target (a manga, or one of its chapters) with its reports counted. */
export interface ReportGroup {
  mangaId: number;
  chapterId: number | null;
  mangaTitle: string;
  mangaStatus: number;
  chapterTitle: string | null;
  chapterNumber: number | null;
  chapterStatus: number | null;
  /** Reports in the group (open ones, or resolved ones in the resolved view). */
  count: number;
  /** Per reason: copyright, inappropriate, wrong content, other. */
  reasons: { copyright: number; inappropriate: number; wrongContent: number; other: number };
  firstReportedAt: string;
  lastReportedAt: string;
  /** Resolved view: how the latest report was resolved (1 dismissed, 2 hidden, 3 deleted) and when; null when open. */
  resolution: number | null;
  resolvedAt: string | null;
  recent: ReportExcerpt[];
}

interface GroupRow extends Record<string, unknown> {
  manga_id: number;
  chapter_id: number | null;
  manga_title: string;
  manga_status: number;
  chapter_title: string | null;
  chapter_number: number | null;
  chapter_status: number | null;
  total: number | string;
  copyright: number | string;
  inappropriate: number | string;
  wrong_content: number | string;
  other: number | string;
  first_at: string | Date;
  last_at: string | Date;
  resolution: number | null;
  resolved_at: string | Date | null;
  groups: number | string;
}

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());
const key = (mangaId: number, chapterId: number | null) => `${mangaId}:${chapterId ?? 0}`;

/**
 * GET /api/Report/PaginatedReport (root): reports grouped by target with counts per reason, first and last reported,
 * the target's titles and statuses; newest activity first (last report for the open queue, last resolution for the
 * resolved view). One grouped statement for the page (the number of groups comes with it), and one more for the page's
 * groups' recent texts: never one per row.
 */
export async function listReports({ db, state, page, pageSize }: { db: Executor; state: ReportQueueState; page: number; pageSize: number }): Promise<Paged<ReportGroup>> {
  const open = state === "open";
  const which = open ? sql`r.status = ${ReportStatus.Open}` : sql`r.status <> ${ReportStatus.Open}`;
  const activity = open ? sql`g.last_at` : sql`g.resolved_at`;
  const res = await db.execute<GroupRow>(sql`
    with g as (
      select r.manga_id, r.chapter_id,
        count(*) as total,
        count(*) filter (where r.reason = 0) as copyright,
        count(*) filter (where r.reason = 1) as inappropriate,
        count(*) filter (where r.reason = 2) as wrong_content,
        count(*) filter (where r.reason = 3) as other,
        min(r.created_at) as first_at,
        max(r.created_at) as last_at,
        max(r.resolved_at) as resolved_at,
        ${open ? sql`null::smallint` : sql`(array_agg(r.status order by r.resolved_at desc nulls last, r.id desc))[1]`} as resolution
      from ${reports} r
      where ${which}
      group by r.manga_id, r.chapter_id
    )
    select g.*, m.title as manga_title, m.status as manga_status,
      c.title as chapter_title, c.number as chapter_number, c.status as chapter_status,
      (select count(*) from g) as groups
    from g
    join ${manga} m on m.id = g.manga_id
    left join ${chapters} c on c.id = g.chapter_id
    order by ${activity} desc nulls last, g.manga_id desc, g.chapter_id desc nulls first
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const rows = res.rows;
  let total = rows.length > 0 ? Number(rows[0]!.groups) : 0;
  if (rows.length === 0 && page > 1) {
    // Past the last page: the count still tells the client where the last page is.
    const counted = await db.execute<{ n: number | string }>(sql`select count(*) as n from (select 1 from ${reports} r where ${which} group by r.manga_id, r.chapter_id) t`);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  const recent = await recentExcerpts(db, rows, open);
  const items = rows.map<ReportGroup>((r) => ({
    mangaId: Number(r.manga_id),
    chapterId: r.chapter_id === null ? null : Number(r.chapter_id),
    mangaTitle: r.manga_title,
    mangaStatus: Number(r.manga_status),
    chapterTitle: r.chapter_title,
    chapterNumber: r.chapter_number === null ? null : Number(r.chapter_number),
    chapterStatus: r.chapter_status === null ? null : Number(r.chapter_status),
    count: Number(r.total),
    reasons: { copyright: Number(r.copyright), inappropriate: Number(r.inappropriate), wrongContent: Number(r.wrong_content), other: Number(r.other) },
    firstReportedAt: iso(r.first_at)!,
    lastReportedAt: iso(r.last_at)!,
    resolution: open || r.resolution === null ? null : Number(r.resolution),
    resolvedAt: open ? null : iso(r.resolved_at),
    recent: recent.get(key(Number(r.manga_id), r.chapter_id === null ? null : Number(r.chapter_id))) ?? [],
  }));
  return paged(items, page, pageSize, total);
}

/** The latest texts (with the reporter's username) of the page's groups, EXCERPTS_PER_GROUP each, in one statement. */
async function recentExcerpts(db: Executor, rows: readonly GroupRow[], open: boolean): Promise<Map<string, ReportExcerpt[]>> {
  const out = new Map<string, ReportExcerpt[]>();
  if (rows.length === 0) return out;
  const mangaIds = rows.map((r) => Number(r.manga_id));
  const chapterIds = rows.map((r) => (r.chapter_id === null ? 0 : Number(r.chapter_id)));
  const which = open ? sql`r.status = ${ReportStatus.Open}` : sql`r.status <> ${ReportStatus.Open}`;
  const res = await db.execute<{ manga_id: number; chapter_id: number | null; reason: number; details: string; username: string | null; created_at: string | Date }>(sql`
    select t.manga_id, t.chapter_id, t.reason, t.details, t.username, t.created_at from (
      select r.manga_id, r.chapter_id, r.reason, r.details, u.username, r.created_at,
        row_number() over (partition by r.manga_id, r.chapter_id order by r.created_at desc, r.id desc) as n
      from ${reports} r
      left join ${users} u on u.id = r.reporter_id
      where ${which} and r.details is not null and r.details <> ''
        and (r.manga_id, coalesce(r.chapter_id, 0)) in (
          select * from unnest(array[${sql.join(mangaIds.map((id) => sql`${id}`), sql`, `)}]::int[], array[${sql.join(chapterIds.map((id) => sql`${id}`), sql`, `)}]::int[])
        )
    ) t
    where t.n <= ${EXCERPTS_PER_GROUP}
    order by t.created_at desc`);
  for (const r of res.rows) {
    const k = key(Number(r.manga_id), r.chapter_id === null ? null : Number(r.chapter_id));
    const list = out.get(k) ?? [];
    list.push({ reason: Number(r.reason), details: r.details, reporter: r.username, createdAt: iso(r.created_at)! });
    out.set(k, list);
  }
  return out;
}
