import { getMessages, getTranslations } from "next-intl/server";
import { parseDiscoveryParams, type DiscoveryParams } from "@/lib/discovery-params";
import { pickMessages } from "@/lib/i18n-pick";
import { TextsProvider } from "@/i18n/client";
import { getCardTexts } from "@/components/manga/card-texts";
import { cachedDiscoverySettings, readCataloguePage } from "@/server/manga/cache";
import { FeaturedBanner } from "@/components/landing/FeaturedBanner";
import { DiscoveryCatalogue } from "./DiscoveryCatalogue";
import { CatalogueResults } from "./CatalogueResults";

type RawParams = Record<string, string | string[] | undefined>;

async function DiscoveryBanner({ signedIn }: { signedIn: boolean }) {
  const settings = await cachedDiscoverySettings();
  return <FeaturedBanner bannerUrl={settings?.bannerUrl ?? null} manga={settings?.manga ?? null} signedIn={signedIn} priority />;
}

async function Catalogue({ params, signedIn }: { params: DiscoveryParams; signedIn: boolean }) {
  const [result, messages, cardTexts, t, tg] = await Promise.all([
    readCataloguePage({ page: params.page, sortBy: params.sort, genre: params.genre, search: params.search }),
    getMessages(),
    getCardTexts(),
    getTranslations("discovery"),
    getTranslations("genres"),
  ]);
  const previewBase = signedIn ? "/dashboard/discovery/manga" : "/discovery/manga";
  return (
    <TextsProvider messages={pickMessages(messages, ["discovery", "genres"])}>
      <DiscoveryCatalogue initialParams={params} cardTexts={cardTexts} previewBase={previewBase}>
        <CatalogueResults
          data={result}
          params={params}
          previewBase={previewBase}
          cardTexts={cardTexts}
          genreName={params.genre ? tg(params.genre) : null}
          t={(key, values) => t(key as Parameters<typeof t>[0], values)}
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
