import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations, setRequestLocale } from "next-intl/server";
import { DashboardShell } from "@/components/dashboard/DashboardShell";
import { QueryProvider } from "@/components/providers/QueryProvider";
import { redirect } from "@/i18n/navigation";
import { isLocale } from "@/i18n/routing";
import { pickMessages } from "@/lib/i18n-pick";
import { TextsProvider } from "@/i18n/client";
import { getSessionUser } from "@/server/auth/session";

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "dashboard" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/** Namespaces the dashboard's client components read (the shell's, the catalogue's and the ones later work adds). */
const CLIENT_NAMESPACES = [
  "dashboard", "nav", "search", "language", "theme", "manga", "genres", "discovery", "preview", "favorites",
  "notifications", "premium", "profile", "upload", "approval", "users", "settings", "validation",
];

/** Namespaces of the public site's components the dashboard reuses (header search, hearts, the catalogue). */
const SHARED_NAMESPACES = ["search", "language", "theme", "manga", "genres", "discovery"];

/**
 * Every /dashboard page: signed-in only (proxy.ts redirects first; this is the second line), and an
 * account that must still choose a role is sent to do that.
 */
export default async function DashboardLayout({ children, params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await getSessionUser();
  if (!user) return redirect({ href: "/auth", locale });
  if (user.mustSelectRole) return redirect({ href: "/auth/must-select-role", locale });
  const messages = await getMessages();
  const t = await getTranslations("brand");
  const { accessToken: _token, ...sessionUser } = user;
  return (
    <NextIntlClientProvider messages={pickMessages(messages, CLIENT_NAMESPACES)}>
      <TextsProvider messages={pickMessages(messages, SHARED_NAMESPACES)}>
        <QueryProvider>
          <DashboardShell user={sessionUser} brand={t("name")}>
            {children}
          </DashboardShell>
        </QueryProvider>
      </TextsProvider>
    </NextIntlClientProvider>
  );
}
