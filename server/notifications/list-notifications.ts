import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import type { Locale } from "@/i18n/routing";
import { paged, type Paged } from "@/lib/paged";
import { foldSearchText, SEARCH_TERM_MAX } from "@/lib/search-fold";
import type { SignedInViewer } from "@/server/core/viewer";
import { itemColumns, toItem, type NotificationItem } from "./item";

export interface ListNotificationsInput {
  db: Db;
  viewer: SignedInViewer;
  /** The language the texts are rendered in (the request's: x-locale, the language cookie, Accept-Language). */
  locale: Locale;
  page: number;
  pageSize: number;
  /**
   * Matched anywhere in the message, folded like the catalogue's search (case, accents, Arabic variants); a kind row is
   * found by its text in either language (search_text holds both renders).
   */
  searchTerm?: string;
  /** Beyond the spec: only read (true) or unread (false) ones. */
  isRead?: boolean;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /api/Notification/PaginatedNotification: the caller's notifications, newest first, in the paged shape of spec §3.
 * Served by the `(user_id, created_at)` index; a search filters the caller's rows only.
 */
export async function listNotifications({ db, viewer, locale, page, pageSize, searchTerm, isRead }: ListNotificationsInput): Promise<Paged<NotificationItem>> {
  const where: SQL[] = [eq(notifications.userId, viewer.userId)];
  if (isRead !== undefined) where.push(eq(notifications.isRead, isRead));
  const term = foldSearchText(searchTerm ?? "").slice(0, SEARCH_TERM_MAX);
  // Rows written without a folded text (older rows, the demo seed) are searched by their lower-cased message.
  if (term !== "") where.push(sql`coalesce(${notifications.searchText}, lower(${notifications.message})) like ${`%${escapeLike(term)}%`}`);
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns)
      .from(notifications)
      .where(condition)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notifications).where(condition),
  ]);
  const totalRecords = Number(total?.n ?? 0);
  return paged(rows.map((row) => toItem(row, locale)), page, pageSize, totalRecords);
}
