import type { Metadata } from "next";
import { Search } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { GENRES } from "@/db/schema/enums";
import { Link } from "@/i18n/navigation";
import { isLocale } from "@/i18n/routing";
import { PAGE_SIZE } from "@/lib/constants";
import { discoveryQuery, parseDiscoveryParams } from "@/lib/discovery-params";
import { shownRange } from "@/lib/pagination";
import { alternatesFor } from "@/lib/seo";
import { listManga } from "@/server/manga/list-manga";
import { getDiscoverySettings } from "@/server/settings/get-page-settings";
import { FeaturedBanner } from "@/components/landing/FeaturedBanner";
import { MangaCard } from "@/components/manga/MangaCard";
import { Pagination } from "@/components/discovery/Pagination";
import { ResultsAnchor } from "@/components/discovery/ResultsAnchor";
import { SortSelect } from "@/components/discovery/SortSelect";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const p = parseDiscoveryParams(await searchParams);
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "discovery" });
  const alternates = alternatesFor(locale, "/discovery");
  return {
    title: t("metaTitle"),
    description: t("metaDescription"),
    alternates,
    // Search results are for people, not for the index; genre and page listings are indexable.
    robots: p.search ? { index: false, follow: true } : undefined,
  };
}

export default async function DiscoveryPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const p = parseDiscoveryParams(await searchParams);
  const t = await getTranslations("discovery");
  const tg = await getTranslations("genres");
  const db = await getDb();
  const [settings, result] = await Promise.all([
    getDiscoverySettings({ db }),
    listManga({ db, page: p.page, pageSize: PAGE_SIZE.discovery, sortBy: p.sort, searchTerm: p.search, genres: p.genre ? [p.genre] : undefined }),
  ]);
  const { from, to } = shownRange(result.pageNumber, result.pageSize, result.totalDisplayRecords);
  const hrefFor = (page: number) => `/discovery${discoveryQuery({ ...p, page })}`;
  const chip = "shrink-0 rounded-full border px-3 py-1.5 text-sm font-semibold transition";
  const chipOn = "border-brand-600 bg-brand-600 text-white";
  const chipOff = "border-zinc-200 hover:border-brand-500 hover:text-brand-600 dark:border-zinc-700 dark:hover:text-brand-400";

  return (
    <div className="flex flex-col gap-8 py-6">
      {!p.search && p.page === 1 && !p.genre && <FeaturedBanner bannerUrl={settings?.bannerUrl ?? null} manga={settings?.manga ?? null} signedIn={false} />}
      <div className="px-4 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("subtitle")}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <form role="search" method="get" className="relative w-full sm:max-w-md">
            <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
            <input
              type="search"
              name="search"
              defaultValue={p.search}
              maxLength={100}
              placeholder={t("searchPlaceholder")}
              aria-label={t("searchPlaceholder")}
              className="h-11 w-full rounded-full border border-zinc-200 bg-white ps-9 pe-4 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900"
            />
            {p.genre && <input type="hidden" name="genre" value={p.genre} />}
            {p.sort !== 5 && <input type="hidden" name="sort" value={p.sort} />}
          </form>
          <SortSelect value={p.sort} />
        </div>
        <nav aria-label={t("genreLabel")} className="scroll-row -mx-4 mt-4 flex gap-2 overflow-x-auto px-4 pb-1">
          <Link href={`/discovery${discoveryQuery({ ...p, genre: null, page: 1 })}`} className={`${chip} ${p.genre ? chipOff : chipOn}`} aria-current={p.genre ? undefined : "page"}>
            {t("allGenres")}
          </Link>
          {GENRES.map((g) => (
            <Link key={g} href={`/discovery${discoveryQuery({ ...p, genre: g, page: 1 })}`} className={`${chip} ${p.genre === g ? chipOn : chipOff}`} aria-current={p.genre === g ? "page" : undefined}>
              {tg(g)}
            </Link>
          ))}
        </nav>
      </div>

      <section aria-labelledby="results-summary" className="px-4 sm:px-6 lg:px-8">
        <ResultsAnchor />
        {result.totalDisplayRecords === 0 ? (
          <p id="results-summary" className="rounded-2xl border border-dashed border-zinc-300 p-12 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            {p.search ? t("noResults", { query: p.search }) : t("noManga")}
          </p>
        ) : (
          <>
            <p id="results-summary" className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
              {t("showing", { from, to, total: result.totalDisplayRecords })}
              {result.totalDisplayRecords < result.totalRecords && <> {t("filtered", { total: result.totalRecords })}</>}
            </p>
            <div className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
              {result.items.map((m, i) => (
                <MangaCard key={m.id} manga={m} priority={i < 4} />
              ))}
            </div>
            <div className="mt-10">
              <Pagination page={result.pageNumber} totalPages={result.totalPages} hrefFor={hrefFor} />
            </div>
          </>
        )}
      </section>
    </div>
  );
}
