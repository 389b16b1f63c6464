import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { ProsePage } from "@/components/static/ProsePage";
import { getStaticPage } from "@/content/static-pages";
import { isLocale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";

/** Terms of Service: static, prerendered for both languages. */
const PATH = "/terms-of-service";

type Props = { params: Promise<{ locale: string }> };

export function generateStaticParams() {
  return [{ locale: "en" }, { locale: "ar" }];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  const content = getStaticPage("terms", locale);
  return {
    title: content.title,
    description: content.lead,
    // canonical: the page in this language; hreflang: en, ar and x-default.
    alternates: alternatesFor(locale, PATH),
  };
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return <ProsePage page="terms" locale={locale} content={getStaticPage("terms", locale)} />;
}
