import { PAGE_SIZE } from "@/lib/constants";
import type { AppNotification } from "./notification-model";

/**
 * The notification state of spec §3 and its transitions (spec §4), as a pure reducer. The dashboard keeps one for
 * the bell (page 1) and the notifications page keeps its own (any page, searched, filtered); both take live items.
 */
export type ConnectionStatus = "disconnected" | "connecting" | "open" | "closed";

export interface NotificationPagination {
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  totalRecords: number;
  totalDisplayRecords: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

export interface NotificationState {
  notifications: AppNotification[];
  unreadCount: number;
  isConnected: boolean;
  connectionStatus: ConnectionStatus;
  pagination: NotificationPagination;
  loading: boolean;
  error: string | null;
  searchTerm: string;
}

export const FIRST_PAGE: NotificationPagination = {
  pageNumber: 1,
  pageSize: PAGE_SIZE.notifications,
  totalPages: 1,
  totalRecords: 0,
  totalDisplayRecords: 0,
  hasPreviousPage: false,
  hasNextPage: false,
};

export const initialNotificationState: NotificationState = {
  notifications: [],
  unreadCount: 0,
  isConnected: false,
  connectionStatus: "disconnected",
  pagination: FIRST_PAGE,
  loading: false,
  error: null,
  searchTerm: "",
};

export type NotificationAction =
  | { type: "connection"; status: ConnectionStatus }
  | { type: "fetchStarted" }
  /** A loaded page; `unreadCount` is the server's total when known, else the unread items on the page (spec §4). */
  | { type: "fetched"; items: AppNotification[]; pagination: Partial<NotificationPagination>; unreadCount?: number }
  /** `clear`: a list that failed to load shows only the error, not the previous list under it. */
  | { type: "failed"; error: string; clear?: boolean }
  | { type: "clearError" }
  | { type: "unreadCount"; count: number }
  | { type: "received"; notification: AppNotification }
  | { type: "markedRead"; id: number }
  | { type: "markedAllRead" }
  | { type: "removed"; id: number }
  | { type: "search"; term: string }
  | { type: "clear" };

/** The pagination after the totals changed: page count and next/previous follow (at least one page). */
function withTotals(p: NotificationPagination, display: number, total: number): NotificationPagination {
  const totalDisplayRecords = Math.max(0, display);
  const size = Math.max(1, p.pageSize);
  const totalPages = Math.max(1, Math.ceil(totalDisplayRecords / size));
  return {
    ...p,
    totalRecords: Math.max(0, total),
    totalDisplayRecords,
    totalPages,
    hasNextPage: p.pageNumber < totalPages,
    hasPreviousPage: p.pageNumber > 1,
  };
}

export function notificationReducer(state: NotificationState, action: NotificationAction): NotificationState {
  switch (action.type) {
    case "connection":
      return { ...state, connectionStatus: action.status, isConnected: action.status === "open" };
    case "fetchStarted":
      return { ...state, loading: true, error: null };
    case "fetched": {
      const pagination = { ...state.pagination, ...action.pagination };
      const unread = action.unreadCount ?? action.items.filter((n) => !n.isRead).length;
      return { ...state, loading: false, error: null, notifications: action.items, pagination, unreadCount: Math.max(0, unread) };
    }
    case "failed":
      return action.clear
        ? { ...state, loading: false, error: action.error, notifications: [], pagination: FIRST_PAGE }
        : { ...state, loading: false, error: action.error };
    case "clearError":
      return { ...state, error: null };
    case "unreadCount":
      return { ...state, unreadCount: Math.max(0, action.count) };
    case "received": {
      const n = action.notification;
      // The same item twice (a socket frame and a reload racing) is one item.
      if (state.notifications.some((x) => x.id === n.id)) return state;
      // A new record either way (spec §4 counts it in both totals); the page keeps its size (the last row moves to
      // the next page) and the page count follows.
      const pagination = withTotals(state.pagination, state.pagination.totalDisplayRecords + 1, state.pagination.totalRecords + 1);
      return {
        ...state,
        notifications: [n, ...state.notifications].slice(0, Math.max(1, pagination.pageSize)),
        unreadCount: n.isRead ? state.unreadCount : state.unreadCount + 1,
        pagination,
      };
    }
    case "markedRead": {
      const target = state.notifications.find((n) => n.id === action.id);
      if (target?.isRead) return state;
      return {
        ...state,
        notifications: state.notifications.map((n) => (n.id === action.id ? { ...n, isRead: true } : n)),
        unreadCount: Math.max(0, state.unreadCount - 1),
      };
    }
    case "markedAllRead":
      return { ...state, notifications: state.notifications.map((n) => (n.isRead ? n : { ...n, isRead: true })), unreadCount: 0 };
    case "removed": {
      const target = state.notifications.find((n) => n.id === action.id);
      if (!target) return state;
      const p = state.pagination;
      return {
        ...state,
        notifications: state.notifications.filter((n) => n.id !== action.id),
        unreadCount: target.isRead ? state.unreadCount : Math.max(0, state.unreadCount - 1),
        pagination: withTotals(p, p.totalDisplayRecords - 1, p.totalRecords - 1),
      };
    }
    case "search":
      return { ...state, searchTerm: action.term.trim() };
    case "clear":
      return { ...state, notifications: [], pagination: FIRST_PAGE };
  }
}
