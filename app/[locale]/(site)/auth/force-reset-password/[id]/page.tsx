import { setRequestLocale } from "next-intl/server";
import { redirect } from "@/i18n/navigation";

/**
 * Spec §2: the login target when mustSelectRole is set; the screen itself is never shown, it sends the
 * user on to /auth/must-select-role (which checks the session itself).
 */
export default async function ForceResetPasswordPage({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  redirect({ href: "/auth/must-select-role", locale });
}
