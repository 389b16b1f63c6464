import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { NotificationPreferences } from "@/components/notifications/NotificationPreferences";
import { NotificationsCenter } from "@/components/notifications/NotificationsCenter";
import { Role } from "@/lib/enums";
import { isLocale } from "@/i18n/routing";
import { getSessionUser } from "@/server/auth/session";
import { findRecipientAction } from "./actions";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "dashboard.titles" });
  return { title: t("notifications") };
}

/**
 * /dashboard/notifications (issue 14): every signed-in user's full list — paged, searched, filtered by read state,
 * marked read, deleted — with root's composer (one user or everyone) and a writer's message to the administrators,
 * and the caller's preferences (per event kind in-app and e-mail, the daily digest).
 */
export default async function NotificationsPage({ params }: Props) {
  setRequestLocale((await params).locale);
  const user = await getSessionUser();
  const composer = user?.role === Role.root ? "root" : user?.role === Role.writer ? "writer" : null;
  return (
    <>
      <NotificationsCenter composer={composer} findRecipient={findRecipientAction} />
      <NotificationPreferences isRoot={user?.role === Role.root} />
    </>
  );
}
