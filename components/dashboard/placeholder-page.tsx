import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { isLocale } from "@/i18n/routing";
import { getSessionUser } from "@/server/auth/session";
import { ComingSoon, RoleGate } from "./ComingSoon";
import { mayOpen, PAGE_ROLES, type TitleKey } from "./navigation";

type PageProps = { params: Promise<{ locale: string }> };

/**
 * A dashboard page that later work fills: its title, a "coming with …" line and, where the page is
 * role-gated, the 403 view for other roles. `rootNote` is shown to non-root users who may open the page
 * (e.g. approving submissions is root's).
 */
export function placeholderPage({
  title,
  text,
  roles,
  rootNote,
}: {
  title: TitleKey;
  text: string;
  roles?: readonly number[];
  rootNote?: string;
}) {
  async function generateMetadata({ params }: PageProps): Promise<Metadata> {
    const { locale } = await params;
    const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "dashboard.titles" });
    return { title: t(title) };
  }

  async function Page({ params }: PageProps) {
    setRequestLocale((await params).locale);
    const t = await getTranslations("dashboard");
    const user = rootNote ? await getSessionUser() : null;
    const note = rootNote && user && !mayOpen(user.role, PAGE_ROLES.approve) ? t(`pages.${rootNote}`) : undefined;
    const body = <ComingSoon title={t(`titles.${title}`)} text={t(`pages.${text}`)} note={note} />;
    return roles ? <RoleGate roles={roles}>{body}</RoleGate> : body;
  }

  return { Page, generateMetadata };
}
