import { defineRoute } from "@/server/http/route";
import { listQuery } from "@/server/notifications/input";
import { listNotifications } from "@/server/notifications/list-notifications";

/** Spec §7 GET /Notification/PaginatedNotification?Page&PageSize&SearchTerm (defaults 1, 10, empty), plus `IsRead`. */
export const GET = defineRoute({
  key: "GET /api/Notification/PaginatedNotification",
  query: listQuery,
  handler: async ({ ctx, query }) =>
    listNotifications({ db: await ctx.db, viewer: ctx.viewer, page: query.Page, pageSize: query.PageSize, searchTerm: query.SearchTerm, isRead: query.IsRead }),
});
