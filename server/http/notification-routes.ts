import { listQuery } from "@/server/notifications/input";
import { listNotifications } from "@/server/notifications/list-notifications";
import { unreadNotificationCount } from "@/server/notifications/unread-notification-count";
import { defineRoute } from "./route";

/**
 * The two notification reads the dashboard makes all the time (the bell's count and list): defined here so the custom
 * server can serve them directly (./direct-routes.ts) as well as through their route files, one definition each.
 */

/** Spec §7 GET /Notification/PaginatedNotification?Page&PageSize&SearchTerm (defaults 1, 10, empty), plus `IsRead`. */
export const paginatedNotification = defineRoute({
  key: "GET /api/Notification/PaginatedNotification",
  query: listQuery,
  handler: async ({ ctx, query }) =>
    listNotifications({ db: await ctx.db, viewer: ctx.viewer, locale: ctx.locale, page: query.Page, pageSize: query.PageSize, searchTerm: query.SearchTerm, isRead: query.IsRead }),
});

/** Spec §7 GET /Notification/GetUnreadNotificationCount: `data` is the number. */
export const unreadNotificationCountRoute = defineRoute({
  key: "GET /api/Notification/GetUnreadNotificationCount",
  handler: async ({ ctx }) => unreadNotificationCount({ db: await ctx.db, viewer: ctx.viewer }),
});
