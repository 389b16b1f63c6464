import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { isLocale } from "@/i18n/routing";
import { markNotFound } from "@/server/http/request-faults-mark";
import NotFound from "../not-found";

type Props = { params: Promise<{ locale: string }> };

/** The tab says what the page is ("Page not found | MangaNova"), not the site's slogan. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "notFound" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/**
 * Any path no other route claims: the localized not-found page, in the first HTML, with a 404 status. Rendered here
 * rather than thrown with Next's notFound(), which a production render answers with its error shell (no lang, an
 * empty body; the text only after JavaScript): docs/decisions/021.
 */
export default function CatchAll() {
  markNotFound();
  return <NotFound />;
}
