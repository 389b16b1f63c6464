import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ProfileManagement } from "@/components/profile/ProfileManagement";
import { getDb } from "@/db/client";
import { isLocale } from "@/i18n/routing";
import { redirect } from "@/i18n/navigation";
import { getCurrentUser } from "@/server/auth/get-current-user";
import { getSessionUser } from "@/server/auth/session";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "dashboard.titles" });
  return { title: t("profile") };
}

/**
 * /dashboard/profile-management (issue 16 §1): every signed-in user's own account on one page, in sections — details
 * and picture, preferences (language, theme), password, sessions, data download and deletion. The header title is
 * "profile" (spec §2's path rule); the sections have anchors (#details … #data) instead of sub-pages.
 */
export default async function ProfileManagementPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const session = await getSessionUser();
  const me = session ? await getCurrentUser({ db: await getDb(), userId: session.id, imageFormat: "url" }) : null;
  if (!session || !me) return redirect({ href: "/auth", locale });
  return (
    <ProfileManagement
      initial={{
        id: me.id,
        fullName: me.fullName,
        username: me.username,
        email: me.email,
        emailVerified: me.emailVerified,
        role: me.role,
        profileImageUrl: me.profileImageUrl,
        theme: me.theme,
      }}
    />
  );
}
