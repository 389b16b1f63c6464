import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { isLocale } from "@/i18n/routing";
import { discoveryQuery, hasAdvancedFilters, parseDiscoveryParams } from "@/lib/discovery-params";
import { alternatesFor, breadcrumbJsonLd } from "@/lib/seo";
import { env } from "@/server/env";
import { DiscoveryView } from "@/components/discovery/DiscoveryView";
import { JsonLd } from "@/components/seo/JsonLd";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Reads the URL's page, sort, search and filters (lib/discovery-params.ts); the data itself comes from the data cache (server/manga/cache.ts).
export const dynamic = "force-dynamic";

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const p = parseDiscoveryParams(await searchParams);
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "discovery" });
  return {
    title: t("metaTitle"),
    description: t("metaDescription"),
    alternates: alternatesFor(locale, "/discovery", discoveryQuery({ ...p, search: "" })),
    // Search results and the advanced filters' combinations are for people, not for the index; genre and page
    // listings are indexable.
    robots: p.search || hasAdvancedFilters(p) ? { index: false, follow: true } : undefined,
  };
}

export default async function DiscoveryPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const tn = await getTranslations("nav");
  const prefix = locale === "ar" ? "/ar" : "";
  const crumbs = [
    { name: tn("home"), path: prefix || "/" },
    { name: tn("discovery"), path: `${prefix}/discovery` },
  ];
  return (
    <>
      <JsonLd data={breadcrumbJsonLd(env.siteUrl, crumbs)} />
      <DiscoveryView searchParams={await searchParams} />
    </>
  );
}
