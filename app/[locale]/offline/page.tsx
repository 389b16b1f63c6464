import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { isLocale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";
import { OfflineLibrary } from "@/components/offline/OfflineLibrary";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "offline" });
  // The browser's own list: nothing for search engines.
  return { title: t("title"), alternates: alternatesFor(locale, "/offline"), robots: { index: false } };
}

/**
 * The chapters saved in this browser for reading offline (issue 32, item 6; docs/decisions/009, "Offline"): saving
 * (`?save={chapterId}&manga={mangaId}`, from the reader's chapter list and the preview), the list with sizes, reading
 * one in the reader (`?read={chapterId}`), removing. All of it is in the browser: the page's HTML is the same for
 * everyone, so the service worker can keep it.
 */
export default async function OfflinePage({ params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return <OfflineLibrary />;
}
