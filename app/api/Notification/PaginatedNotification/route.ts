/** Spec §7 GET /Notification/PaginatedNotification; defined in server/http/notification-routes.ts (also served directly). */
export { paginatedNotification as GET } from "@/server/http/notification-routes";
