import type { ReactElement } from "react";
import { setRequestLocale } from "next-intl/server";
import { redirect } from "@/i18n/navigation";
import type { Role } from "@/lib/enums";
import { getSessionUser, signInHref } from "@/server/auth/session";
import type { SignedInViewer } from "@/server/core/viewer";
import type { SessionUser } from "@/types/session";
import { Forbidden } from "./Forbidden";
import { mayOpen, PAGE_ROLES } from "./navigation";

/** A dashboard page's query string, as Next hands it over. */
export type SearchParams = Record<string, string | string[] | undefined>;
export type DashboardPageProps = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParams> };

/** The first value of a query parameter (`?a=1&a=2` → "1"). */
export const firstParam = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export type OpenedPage = { locale: string; user: SessionUser; viewer: SignedInViewer };

/**
 * THE first lines of every dashboard page (issue 29): set the request's language, send a signed-out visitor to /auth
 * (the layout does too; this is the second line), and hand over the signed-in user as the server's one Viewer.
 */
export async function openSignedInPage(params: Promise<{ locale: string }>): Promise<OpenedPage> {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await getSessionUser();
  if (!user) return redirect({ href: await signInHref(), locale });
  return { locale, user, viewer: { userId: user.id, role: user.role as Role } };
}

/**
 * A role-gated dashboard page (navigation.ts PAGE_ROLES): as `openSignedInPage`, and a role outside the page's roles
 * gets `denied`, the 403 view, to return as the page.
 */
export async function openGatedPage(params: Promise<{ locale: string }>, page: keyof typeof PAGE_ROLES): Promise<OpenedPage | { denied: ReactElement }> {
  const opened = await openSignedInPage(params);
  return mayOpen(opened.user.role, PAGE_ROLES[page]) ? opened : { denied: <Forbidden /> };
}
