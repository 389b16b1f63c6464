/** Spec §7 GET /Notification/GetUnreadNotificationCount; defined in server/http/notification-routes.ts (also served directly). */
export { unreadNotificationCountRoute as GET } from "@/server/http/notification-routes";
