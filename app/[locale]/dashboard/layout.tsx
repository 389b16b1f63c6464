import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations, setRequestLocale } from "next-intl/server";
import { DashboardShell } from "@/components/dashboard/DashboardShell";
import { CardCoverFailures } from "@/components/manga/CardCoverFailures";
import { QueryProvider } from "@/components/providers/QueryProvider";
import { redirect } from "@/i18n/navigation";
import { isLocale } from "@/i18n/routing";
import { pickMessages, PUBLIC_TEXT_NAMESPACES } from "@/lib/i18n-pick";
import { TextsProvider } from "@/i18n/client";
import { getSessionUser, signInHref } from "@/server/auth/session";

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en" });
  // A layout's own title would drop the site's "{title} | {brand}" template for every page below it (spec §1).
  return { title: { default: t("dashboard.metaTitle"), template: `%s | ${t("brand.name")}` }, robots: { index: false, follow: false } };
}

/**
 * Namespaces the dashboard's client components read with next-intl (the shell's and the ones later work adds). The
 * public components it reuses (header search, hearts, the catalogue) read theirs from TextsProvider instead.
 */
const CLIENT_NAMESPACES = [
  "dashboard", "nav", "preview", "favorites", "favoritesPage", "writers", "notifications", "premium", "profile", "upload", "mangaForm", "management", "approval", "users", "settings", "validation",
];

/**
 * Every /dashboard page: signed-in only (proxy.ts redirects first; this is the second line), and an
 * account that must still choose a role is sent to do that.
 */
export default async function DashboardLayout({ children, params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await getSessionUser();
  if (!user) return redirect({ href: await signInHref(), locale });
  if (user.mustSelectRole) return redirect({ href: "/auth/must-select-role", locale });
  const messages = await getMessages();
  const t = await getTranslations("brand");
  const { accessToken: _token, ...sessionUser } = user;
  return (
    <NextIntlClientProvider messages={pickMessages(messages, CLIENT_NAMESPACES)}>
      <TextsProvider messages={pickMessages(messages, PUBLIC_TEXT_NAMESPACES)}>
        <CardCoverFailures />
        <QueryProvider>
          <DashboardShell user={sessionUser} brand={t("name")}>
            {children}
          </DashboardShell>
        </QueryProvider>
      </TextsProvider>
    </NextIntlClientProvider>
  );
}
