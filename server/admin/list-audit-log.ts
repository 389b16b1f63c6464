import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { auditLog, users } from "@/db/schema";
import type { Executor } from "@/server/core/unit-of-work";
import { requireRoot, type Viewer } from "@/server/core/viewer";

/**
 * Root's audit log (/dashboard/audit-log, issue 15 screen 4): who did what to what and when, newest first, filtered by
 * actor (a case-insensitive part of the username), action (exact), and a date range of UTC days (`from` and `to`
 * inclusive, `YYYY-MM-DD`), paged. The page of rows is read first (audit_log_created_at_index, walked backwards) and
 * only its rows are joined to their actor and target names.
 */

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE_MAX = 100;
export const AUDIT_ACTOR_MAX = 100;
export const AUDIT_ACTION_MAX = 100;

export interface AuditLogQuery {
  db: Executor;
  /** Root only (forbidden for anyone else). */
  viewer: Viewer;
  actor?: string | null;
  action?: string | null;
  from?: string | null;
  to?: string | null;
  page?: number;
  pageSize?: number;
}

export interface AuditLogItem {
  id: number;
  action: string;
  /** ISO time. */
  createdAt: string;
  /** Null: the system (a lockout, a background job) or an account since removed. */
  actor: { id: number; username: string } | null;
  target: {
    type: string;
    id: string | null;
    /** The target's name where it still exists: a user's username, a manga's or chapter's title. */
    label: string | null;
    /** The manga a manga or chapter target belongs to (for a link to its review page), while it exists. */
    mangaId: number | null;
    /** A chapter target's place in its manga (1, 2, …) and its manga's title, while it exists (never its database id). */
    chapterNumber: number | null;
    mangaTitle: string | null;
  };
  details: unknown;
}

export interface AuditLogPage {
  items: AuditLogItem[];
  page: number;
  pageSize: number;
  totalPages: number;
  totalRecords: number;
  /** The filters as applied (normalised: trimmed, invalid dates dropped). */
  filters: { actor: string; action: string; from: string; to: string };
}

interface AuditRow {
  id: number; actor_id: number | null; action: string; target_type: string; target_id: string | null; details: unknown;
  created_at: string | Date; actor_username: string | null; target_label: string | null; target_manga_id: number | null;
  target_chapter_number: number | null; target_manga_title: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A valid `YYYY-MM-DD` or "" (anything else is ignored rather than refused: it comes from a URL). */
export function normaliseDay(value: string | null | undefined): string {
  if (!value || !DAY.test(value)) return "";
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== value ? "" : value;
}
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listAuditLog(q: AuditLogQuery): Promise<AuditLogPage> {
  requireRoot(q.viewer);
  const actor = (q.actor ?? "").trim().slice(0, AUDIT_ACTOR_MAX);
  const action = (q.action ?? "").trim().slice(0, AUDIT_ACTION_MAX);
  let from = normaliseDay(q.from);
  let to = normaliseDay(q.to);
  if (from && to && from > to) [from, to] = [to, from];
  const pageSize = Math.min(AUDIT_PAGE_SIZE_MAX, Math.max(1, Math.trunc(q.pageSize ?? AUDIT_PAGE_SIZE) || AUDIT_PAGE_SIZE));
  const requestedPage = Math.max(1, Math.trunc(q.page ?? 1) || 1);

  const where: SQL[] = [];
  if (actor) {
    const actorIds = q.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) like ${`%${escapeLike(actor.toLowerCase())}%`}`);
    where.push(inArray(auditLog.actorId, actorIds));
  }
  if (action) where.push(eq(auditLog.action, action));
  if (from) where.push(gte(auditLog.createdAt, new Date(`${from}T00:00:00Z`)));
  if (to) where.push(lt(auditLog.createdAt, nextDay(to)));
  const condition = where.length ? and(...where) : undefined;

  const [totalRow] = await q.db.select({ n: count() }).from(auditLog).where(condition);
  const totalRecords = Number(totalRow?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(totalRecords / pageSize));
  const page = Math.min(requestedPage, totalPages);

  const pageRows = q.db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("p");

  // The target id as an integer when it is one (CASE keeps the cast from ever seeing anything else).
  const numericTarget = sql`(case when ${pageRows.targetId} ~ '^[0-9]{1,9}$' then ${pageRows.targetId}::int end)`;
  const result = await q.db.execute(sql`
    select p.id, p.actor_id, p.action, p.target_type, p.target_id, p.details, p.created_at,
           a.username as actor_username,
           case p.target_type when 'user' then tu.username when 'manga' then m.title when 'chapter' then c.title end as target_label,
           case p.target_type when 'manga' then m.id when 'chapter' then c.manga_id end as target_manga_id,
           c.number as target_chapter_number, cm.title as target_manga_title
    from ${pageRows}
    left join users a on a.id = p.actor_id
    left join users tu on p.target_type = 'user' and tu.id = ${numericTarget}
    left join manga m on p.target_type = 'manga' and m.id = ${numericTarget}
    left join chapters c on p.target_type = 'chapter' and c.id = ${numericTarget}
    left join manga cm on cm.id = c.manga_id
    order by p.created_at desc, p.id desc
  `);
  const rows = (result as unknown as { rows: AuditRow[] }).rows;

  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      action: r.action,
      createdAt: new Date(r.created_at).toISOString(),
      actor: r.actor_id !== null && r.actor_username !== null ? { id: Number(r.actor_id), username: r.actor_username } : null,
      target: {
        type: r.target_type,
        id: r.target_id,
        label: r.target_label,
        mangaId: r.target_manga_id === null ? null : Number(r.target_manga_id),
        chapterNumber: r.target_chapter_number === null ? null : Number(r.target_chapter_number),
        mangaTitle: r.target_manga_title,
      },
      details: r.details,
    })),
    page,
    pageSize,
    totalPages,
    totalRecords,
    filters: { actor, action, from, to },
  };
}

/**
 * The actions the filter offers: every action the log holds (one DISTINCT over audit_log; the log grows with
 * moderation acts, not with traffic), sorted.
 */
export async function listAuditActions({ db, viewer }: { db: Executor; viewer: Viewer }): Promise<string[]> {
  requireRoot(viewer);
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((r) => r.action);
}
