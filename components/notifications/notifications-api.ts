import type { BoundApiRequest } from "@/components/providers/use-api";
import { isApiError } from "@/lib/api-client";
import { PAGE_SIZE } from "@/lib/constants";
import { toNotification, type AppNotification } from "./notification-model";
import type { NotificationPagination } from "./notification-state";

/** The /api/Notification calls of spec §7 (and issue 14's MarkAllNotificationsAsRead), bound to the session's client. */
const BASE = "/api/Notification";

export interface NotificationPage {
  items: AppNotification[];
  pagination: Partial<NotificationPagination>;
}

export interface ListQuery {
  page?: number;
  pageSize?: number;
  searchTerm?: string;
  /** true: read only, false: unread only, undefined: both. */
  isRead?: boolean;
}

/** A list answer (or the same data read on the server for the first paint) as the page's items and pagination. */
export function readPage(raw: unknown): NotificationPage {
  // The list is read from data, or the answer itself when data is absent (spec §7); sometimes wrapped in data again.
  let body = raw as Record<string, unknown> | null;
  if (body && !Array.isArray(body.items) && typeof body.data === "object") body = body.data as Record<string, unknown>;
  const items = Array.isArray(body?.items) ? body.items : Array.isArray(raw) ? raw : [];
  const num = (key: keyof NotificationPagination) => (typeof body?.[key] === "number" ? (body[key] as number) : undefined);
  const flag = (key: keyof NotificationPagination) => (typeof body?.[key] === "boolean" ? (body[key] as boolean) : undefined);
  const pagination: Partial<NotificationPagination> = {};
  for (const key of ["pageNumber", "pageSize", "totalPages", "totalRecords", "totalDisplayRecords"] as const) {
    const v = num(key);
    if (v !== undefined) pagination[key] = v;
  }
  for (const key of ["hasPreviousPage", "hasNextPage"] as const) {
    const v = flag(key);
    if (v !== undefined) pagination[key] = v;
  }
  return { items: items.map(toNotification).filter((n): n is AppNotification => n !== null), pagination };
}

export function notificationsApi(api: BoundApiRequest) {
  return {
    async list({ page = 1, pageSize = PAGE_SIZE.notifications, searchTerm = "", isRead }: ListQuery = {}, signal?: AbortSignal): Promise<NotificationPage> {
      const raw = await api<unknown>(`${BASE}/PaginatedNotification`, {
        query: { Page: page, PageSize: pageSize, SearchTerm: searchTerm, IsRead: isRead },
        signal,
      });
      return readPage(raw);
    },
    async unreadCount(): Promise<number> {
      const raw = await api<unknown>(`${BASE}/GetUnreadNotificationCount`);
      const n = typeof raw === "number" ? raw : Number((raw as { count?: unknown } | null)?.count);
      return Number.isFinite(n) ? n : 0;
    },
    markRead: (notificationId: number) => api<unknown>(`${BASE}/MarkNotificationAsRead`, { method: "POST", body: { notificationId } }),
    markAllRead: () => api<unknown>(`${BASE}/MarkAllNotificationsAsRead`, { method: "POST", body: {} }),
    remove: (notificationId: number) =>
      api<unknown>(`${BASE}/DeleteNotification`, { method: "DELETE", body: { notificationId }, query: { notificationId } }),
    sendToUser: (body: { userId: number; message: string; type: number }) => api<unknown>(`${BASE}/SendNotificationToUser`, { method: "POST", body }),
    sendGlobal: (body: { message: string; type: number }) => api<unknown>(`${BASE}/SendGlobalNotification`, { method: "POST", body }),
    /** Beyond the spec: the language the user reads in, kept on the account (their notifications are written in it). */
    saveLocale: (locale: string) => api<unknown>("/api/Authentication/Locale", { method: "POST", body: { locale } }),
    sendToAdmin: (body: { message: string; type: number }) => api<unknown>(`${BASE}/SendNotificationToAdmin`, { method: "POST", body }),
  };
}
export type NotificationsApi = ReturnType<typeof notificationsApi>;

/** Which spec §8 text a failed list call shows (translated by the caller: http, server, fetch or unexpected). */
export function fetchErrorOf(error: unknown): { key: "http"; code: number } | { key: "server"; message: string } | { key: "fetch" } | { key: "unexpected" } {
  if (isApiError(error) && error.kind === "HTTP") {
    // An HTTP failure carries its status (≥ 100); a 200 whose envelope says otherwise carries the envelope's statusCode.
    if (error.status !== undefined && error.status >= 100) return { key: "http", code: error.status };
    return error.message ? { key: "server", message: error.message } : { key: "fetch" };
  }
  // A non-OK answer whose body is not JSON (a proxy's 502 page, a crash's plain 500) is still "HTTP error! status".
  if (isApiError(error) && error.kind === "PARSING_ERROR" && error.status !== undefined && error.status >= 400) return { key: "http", code: error.status };
  return { key: "unexpected" };
}
