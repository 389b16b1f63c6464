import { notifications } from "@/db/schema";

/**
 * One notification as the API lists it and the socket pushes it (spec §3, plus `link`): the same shape everywhere,
 * so the client merges a live one into its list as is.
 */
export interface NotificationItem {
  id: number;
  message: string;
  /** 1 Info, 2 Success, 3 Warning, 4 Error. */
  type: number;
  isRead: boolean;
  createdAt: string;
  /** The site path the notification is about (`/dashboard/manga-approval/editor/12`), or null. */
  link: string | null;
}

export const itemColumns = {
  id: notifications.id,
  message: notifications.message,
  type: notifications.type,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  link: notifications.link,
};

export type ItemRow = { id: number; message: string; type: number; isRead: boolean; createdAt: Date; link: string | null };

export const toItem = (row: ItemRow): NotificationItem => ({
  id: row.id,
  message: row.message,
  type: row.type,
  isRead: row.isRead,
  createdAt: row.createdAt.toISOString(),
  link: row.link,
});
