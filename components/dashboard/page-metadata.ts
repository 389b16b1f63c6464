import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { isLocale } from "@/i18n/routing";
import { getSessionUser } from "@/server/auth/session";
import { mayOpen } from "./navigation";

type TitleKey =
  | "overview" | "mangaManagement" | "createManga" | "mangaApproval" | "userManagement" | "siteSettings" | "monetization" | "auditLog" | "reports";

/**
 * A role-gated dashboard page's metadata: its title, or "Access denied" for a signed-in role that gets the 403 view
 * (components/dashboard/Forbidden.tsx) instead, so the tab and history never name a page the user cannot see.
 */
export async function gatedPageMetadata(params: Promise<{ locale: string }>, key: TitleKey, roles: readonly number[]): Promise<Metadata> {
  return { title: await gatedPageTitle(params, roles, async (locale) => (await getTranslations({ locale, namespace: "dashboard.titles" }))(key)) };
}

/** The page's own title (`title`, in the page's language), or "Access denied" when the signed-in role may not open it. */
export async function gatedPageTitle(params: Promise<{ locale: string }>, roles: readonly number[], title: (locale: "en" | "ar") => Promise<string>): Promise<string> {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : "en";
  const user = await getSessionUser();
  if (user && !mayOpen(user.role, roles)) return (await getTranslations({ locale, namespace: "dashboard.forbidden" }))("title");
  return title(locale);
}

/** A page's title from one message (`namespace.key`) in the page's language, for pages every signed-in user may open. */
export async function titleMetadata(params: Promise<{ locale: string }>, namespace: string, key: string): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: namespace as never });
  return { title: t(key as never) };
}
