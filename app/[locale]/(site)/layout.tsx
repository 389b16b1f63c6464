import type { ReactNode } from "react";
import { getMessages, getTranslations, setRequestLocale } from "next-intl/server";
import { Footer } from "@/components/layout/Footer";
import { Header } from "@/components/layout/Header";
import { CardCoverFailures } from "@/components/manga/CardCoverFailures";
import { ScrollOnRouteChange, ScrollToTop } from "@/components/layout/ScrollToTop";
import { pickMessages, PUBLIC_TEXT_NAMESPACES } from "@/lib/i18n-pick";
import { TextsProvider } from "@/i18n/client";
import { FeedLink } from "@/components/latest/FeedLink";

/**
 * The public site: header, content, footer, scroll helpers. Only the client components' messages go to the browser,
 * and they read them without next-intl's runtime (TextsProvider, ADR 010).
 */
export default async function SiteLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  // Lets static pages below prerender: the locale comes from the segment, not from request headers.
  const { locale } = await params;
  setRequestLocale(locale);
  const messages = await getMessages();
  const t = await getTranslations();
  return (
    <TextsProvider messages={pickMessages(messages, PUBLIC_TEXT_NAMESPACES)}>
      <FeedLink locale={locale} />
      <ScrollOnRouteChange />
      <CardCoverFailures />
      <div className="flex min-h-screen flex-col">
        <Header brand={t("brand.name")} />
        <main id="main" className="mx-auto w-full max-w-[1800px] flex-1">
          {children}
        </main>
        <Footer />
      </div>
      <ScrollToTop label={t("scrollTop")} />
    </TextsProvider>
  );
}
