import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { ProsePage } from "@/components/static/ProsePage";
import { getStaticPage, type StaticPageKey } from "@/content/static-pages";
import { isLocale, locales } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";
import { env } from "@/server/env";

type Props = { params: Promise<{ locale: string }> };

/**
 * The route exports of a static information page (FAQ, terms, privacy): prerendered for both languages, with
 * title, description, canonical URL and hreflang alternates from the page's content. The support address is the
 * configured one (SUPPORT_EMAIL), read per request like every page (the root layout's CSP nonce renders per request).
 */
export function staticPageRoute(page: StaticPageKey, path: string) {
  return {
    generateStaticParams() {
      return locales.map((locale) => ({ locale }));
    },
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const { locale } = await params;
      if (!isLocale(locale)) notFound();
      const content = getStaticPage(page, locale, env.supportEmail);
      return { title: content.title, description: content.lead, alternates: alternatesFor(locale, path) };
    },
    async Page({ params }: Props) {
      const { locale } = await params;
      if (!isLocale(locale)) notFound();
      setRequestLocale(locale);
      const supportEmail = env.supportEmail;
      return <ProsePage page={page} locale={locale} content={getStaticPage(page, locale, supportEmail)} supportEmail={supportEmail} />;
    },
  };
}
