import { notifications } from "@/db/schema";
import type { Locale } from "@/i18n/routing";
import { languageOf, renderNotification } from "./catalogue";

/**
 * One notification as the API lists it and the socket pushes it (spec §3, plus `link` and `lang`): the same shape
 * everywhere, so the client merges a live one into its list as is. `message` is rendered in the reader's language
 * (the request's, or the socket's) for what the site wrote, and is a person's text as written otherwise.
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
  /** The language `message` is in ('en' | 'ar'; null: unknown), for the element's `lang` and `dir`. */
  lang: Locale | null;
}

export const itemColumns = {
  id: notifications.id,
  message: notifications.message,
  type: notifications.type,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  link: notifications.link,
  kind: notifications.kind,
  params: notifications.params,
  lang: notifications.lang,
};

export type ItemRow = {
  id: number;
  message: string;
  type: number;
  isRead: boolean;
  createdAt: Date;
  link: string | null;
  kind: string | null;
  params: unknown;
  lang: string | null;
};

/** The row as the reader sees it in `locale`. */
export const toItem = (row: ItemRow, locale: Locale): NotificationItem => ({
  id: row.id,
  message: renderNotification(row, locale),
  type: row.type,
  isRead: row.isRead,
  createdAt: row.createdAt.toISOString(),
  link: row.link,
  lang: languageOf(row, locale),
});
