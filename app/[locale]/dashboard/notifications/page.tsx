import type { Metadata } from "next";
import { NotificationPreferences } from "@/components/notifications/NotificationPreferences";
import { NotificationsCenter } from "@/components/notifications/NotificationsCenter";
import { readPage } from "@/components/notifications/notifications-api";
import { openSignedInPage } from "@/components/dashboard/open-page";
import { titleMetadata } from "@/components/dashboard/page-metadata";
import { getDb } from "@/db/client";
import { Role } from "@/lib/enums";
import { PAGE_SIZE } from "@/lib/constants";
import { isLocale } from "@/i18n/routing";
import { listNotifications } from "@/server/notifications/list-notifications";
import { unreadNotificationCount } from "@/server/notifications/unread-notification-count";
import { findRecipientAction } from "./actions";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return titleMetadata(params, "dashboard.titles", "notifications");
}

/**
 * /dashboard/notifications (issue 14): every signed-in user's full list — paged, searched, filtered by read state,
 * marked read, deleted — with root's composer (one user or everyone) and a writer's message to the administrators,
 * and the caller's preferences (per event kind in-app and e-mail, the daily digest). The first page is read here, so
 * the first HTML shows the user's notifications (docs/decisions/021).
 */
export default async function NotificationsPage({ params }: Props) {
  const { locale, user, viewer } = await openSignedInPage(params);
  const db = await getDb();
  const [first, unreadCount] = await Promise.all([
    listNotifications({ db, viewer, locale: isLocale(locale) ? locale : "en", page: 1, pageSize: PAGE_SIZE.notifications }),
    unreadNotificationCount({ db, viewer }),
  ]);
  const composer = user.role === Role.root ? "root" : user.role === Role.writer ? "writer" : null;
  return (
    <>
      {/* Read as the browser reads the API's answer (one shape for both). */}
      <NotificationsCenter composer={composer} findRecipient={findRecipientAction} initial={{ ...readPage(JSON.parse(JSON.stringify(first))), unreadCount }} />
      <NotificationPreferences isRoot={user.role === Role.root} />
    </>
  );
}
