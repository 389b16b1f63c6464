import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { isLocale } from "@/i18n/routing";
import { LATEST, latestFeedPath, parseLatestPage } from "@/lib/latest";
import { alternatesFor, breadcrumbJsonLd } from "@/lib/seo";
import { env } from "@/server/env";
import { markNotFound } from "@/server/http/request-faults-mark";
import { cachedLatestPage } from "@/server/manga/cache";
import { Rss } from "@/components/icons/content";
import { LatestCard, LatestGrid } from "@/components/latest/LatestCard";
import { getLatestCardTexts } from "@/components/latest/latest-texts";
import { UnreadMarker, UnreadProvider } from "@/components/latest/UnreadMarkers";
import { JsonLd } from "@/components/seo/JsonLd";
import { textLinkClass } from "@/components/ui/Button";
import { EmptyState } from "@/components/ui/EmptyState";
import { Pagination } from "@/components/ui/Pagination";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The page of the URL's ?page=; the data comes from the data cache (server/manga/cache.ts) and the finished page from
// the page cache (server/http/page-cache.ts), both fresh after any catalogue change.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const page = parseLatestPage((await searchParams).page) ?? 1;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en" });
  return {
    title: page > 1 ? t("latest.pageTitle", { page }) : t("latest.metaTitle"),
    description: t("latest.metaDescription", { brand: t("brand.name") }),
    alternates: alternatesFor(locale, "/latest", page > 1 ? `?page=${page}` : ""),
  };
}

export default async function LatestPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const page = parseLatestPage((await searchParams).page);
  const [t, tn, tp, texts] = await Promise.all([getTranslations("latest"), getTranslations("nav"), getTranslations("discovery"), getLatestCardTexts()]);
  const list = page === undefined ? undefined : await cachedLatestPage(page);
  const prefix = locale === "ar" ? "/ar" : "";
  // A page that does not exist (past the end, or not a page number): its own panel, answered 404 (ADR 021).
  const missing = !list || (list.items.length === 0 && list.pageNumber > 1);
  if (missing) markNotFound();
  const from = list ? (list.pageNumber - 1) * list.pageSize + 1 : 0;
  return (
    <div className="flex flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8">
      <JsonLd data={breadcrumbJsonLd(env.siteUrl, [{ name: tn("home"), path: prefix || "/" }, { name: t("title"), path: `${prefix}/latest` }])} />
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-extrabold sm:text-3xl">{t("title")}</h1>
        <p className="max-w-3xl text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
        {/* A plain link: the feed is an XML file, not a page of the site (no client-side navigation). */}
        <a href={latestFeedPath(locale)} type="application/atom+xml" className={`inline-flex w-fit items-center gap-1.5 text-sm ${textLinkClass}`}>
          <Rss className="size-4" aria-hidden />
          {t("feedLink")}
        </a>
      </header>
      {missing ? (
        <EmptyState title={t("pageEmpty")} action={<a href={`${prefix}/latest`} className={textLinkClass}>{t("title")}</a>} />
      ) : list.items.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <UnreadProvider chapterIds={list.items.flatMap((g) => g.chapters.map((c) => c.id))}>
          <LatestGrid>
            {list.items.map((group) => (
              <LatestCard key={group.mangaId} group={group} texts={texts} headingLevel={2} marker={(id) => <UnreadMarker chapterId={id} text={t("unread")} label={t("unreadLabel")} />} />
            ))}
          </LatestGrid>
          <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
            {t("showing", { from, to: from + list.items.length - 1, total: list.totalRecords })}
          </p>
          <Pagination page={list.pageNumber} totalPages={Math.min(list.totalPages, LATEST.maxPages)} hrefFor={(n) => (n > 1 ? `/latest?page=${n}` : "/latest")} t={(key, values) => tp(key, values)} />
        </UnreadProvider>
      )}
    </div>
  );
}
