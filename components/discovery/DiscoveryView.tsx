import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type { Genre } from "@/lib/enums";
import type { Translate } from "@/i18n/format";
import { buttonClass } from "@/components/ui/Button";
import { ActiveFilters, FilterPanel } from "./FilterPanel";
import { LazySheet } from "@/components/ui/LazySheet";
import { SlidersHorizontal } from "@/components/icons/ui";
import { activeFilterCount, hasAdvancedFilters, parseDiscoveryParams, type DiscoveryParams } from "@/lib/discovery-params";
import { pickMessages } from "@/lib/i18n-pick";
import { TextsProvider } from "@/i18n/client";
import { getCardTexts } from "@/components/manga/card-texts";
import { cachedDiscoverySettings, readCataloguePage } from "@/server/manga/cache";
import { FeaturedBanner } from "@/components/landing/FeaturedBanner";
import { DiscoveryCatalogue } from "./DiscoveryCatalogue";
import { CatalogueControls } from "./CatalogueControls";
import { CatalogueResults } from "./CatalogueResults";

type RawParams = Record<string, string | string[] | undefined>;

async function DiscoveryBanner({ signedIn }: { signedIn: boolean }) {
  const settings = await cachedDiscoverySettings();
  return <FeaturedBanner bannerUrl={settings?.bannerUrl ?? null} manga={settings?.manga ?? null} signedIn={signedIn} priority />;
}

async function Catalogue({ params, signedIn }: { params: DiscoveryParams; signedIn: boolean }) {
  const [result, messages, cardTexts, t, ts, tg, locale] = await Promise.all([
    readCataloguePage(params),
    getMessages(),
    getCardTexts(),
    getTranslations("discovery"),
    getTranslations("search"),
    getTranslations("genres"),
    getLocale(),
  ]);
  const previewBase = signedIn ? "/dashboard/discovery/manga" : "/discovery/manga";
  const tt: Translate = (key, values) => t(key as Parameters<typeof t>[0], values as Parameters<typeof t>[1]);
  const tsearch: Translate = (key, values) => ts(key as Parameters<typeof ts>[0], values as Parameters<typeof ts>[1]);
  const tgenre = (g: Genre) => tg(g);
  // The form's address with the page's language prefix (a plain GET form does not go through next-intl's Link).
  const action = `${locale === "ar" ? "/ar" : ""}${signedIn ? "/dashboard/discovery" : "/discovery"}`;
  const count = activeFilterCount(params);
  return (
    <TextsProvider messages={pickMessages(messages, ["discovery", "genres"])}>
      <DiscoveryCatalogue
        initialParams={params}
        cardTexts={cardTexts}
        previewBase={previewBase}
        panel={<FilterPanel params={params} action={action} idPrefix="filters" t={tt} tg={tgenre} />}
        controls={
          <CatalogueControls
            params={params}
            previewBase={previewBase}
            t={tt}
            ts={tsearch}
            tg={tgenre}
            sheet={
              <LazySheet
                label={count > 0 ? t("filters.openCount", { count }) : t("filters.open")}
                icon={<SlidersHorizontal className="size-4" aria-hidden />}
                testId="filters-sheet"
                title={t("filters.title")}
                closeLabel={t("filters.close")}
                buttonClassName={`${buttonClass({ variant: "secondary", size: "sm", pill: true })} shrink-0 whitespace-nowrap lg:hidden`}
              >
                <FilterPanel params={params} action={action} idPrefix="filters-sheet" t={tt} tg={tgenre} />
              </LazySheet>
            }
            activeFilters={<ActiveFilters params={params} previewBase={previewBase} t={tt} tg={tgenre} />}
          />
        }
      >
        <CatalogueResults
          data={result}
          params={params}
          previewBase={previewBase}
          cardTexts={cardTexts}
          genreName={params.genres.length === 1 && !hasAdvancedFilters(params) ? tg(params.genres[0]!) : null}
          t={tt}
        />
      </DiscoveryCatalogue>
    </TextsProvider>
  );
}

/**
 * The discovery page body shared by /discovery and the signed-in /dashboard/discovery: featured banner, title,
 * then the catalogue, whose first page is in the server's first HTML (not streamed behind a skeleton).
 */
export async function DiscoveryView({ searchParams, signedIn = false }: { searchParams: RawParams; signedIn?: boolean }) {
  const params = parseDiscoveryParams(searchParams);
  const [t, banner] = await Promise.all([getTranslations("discovery"), DiscoveryBanner({ signedIn })]);
  return (
    <div className="flex flex-col gap-8 py-6">
      {/* The page's heading comes first (the banner's own heading is a section below it). */}
      <div className="px-4 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("subtitle")}</p>
      </div>
      {/* The banner is the page's largest image, so it is in the first response (from the cache) rather than streamed
          behind a skeleton and revealed a beat later. */}
      {banner}
      <div>
        {/* No Suspense boundary: the first page is in the first HTML itself, so it reads without JavaScript too (issue 35;
            the page cache keeps the finished page, ADR 019). */}
        <Catalogue params={params} signedIn={signedIn} />
      </div>
    </div>
  );
}
