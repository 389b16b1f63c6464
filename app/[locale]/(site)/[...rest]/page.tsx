import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { isLocale } from "@/i18n/routing";

type Props = { params: Promise<{ locale: string }> };

/** The tab says what the page is ("Page not found | MangaNova"), not the site's slogan. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "notFound" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/** Any path no other route claims renders the localized not-found page with a 404 status. */
export default function CatchAll() {
  notFound();
}
