import type { Metadata } from "next";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { openGatedPage, type DashboardPageProps } from "@/components/dashboard/open-page";
import { gatedPageMetadata } from "@/components/dashboard/page-metadata";
import { SiteSettingsEditor } from "@/components/admin/settings/SiteSettingsEditor";
import type { PreviewTexts, SavedSettings } from "@/components/admin/settings/types";
import { getDb } from "@/db/client";
import { GENRES } from "@/lib/enums";
import type { Locale } from "@/i18n/routing";
import { pickMessages } from "@/lib/i18n-pick";
import { IMAGE_MAX_BYTES } from "@/server/media/errors";
import { listManga } from "@/server/manga/list-manga";
import { featuredManga, heroTranslations, readSettingsValues } from "@/server/settings/get-page-settings";
import { mediaUrl } from "@/lib/media-url";

type Props = DashboardPageProps;

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return gatedPageMetadata(params, "siteSettings", PAGE_ROLES.siteSettings);
}

/** What the live preview needs in each language: the banner's and hero's words and the page's default texts. */
async function previewTexts(locale: Locale): Promise<PreviewTexts> {
  const t = await getTranslations({ locale });
  return {
    featured: t("landing.featured"),
    readNow: t("landing.readNow"),
    tagline: t("brand.tagline"),
    defaults: { title: t("brand.tagline"), description: t("footer.description"), cta: t("landing.browse") },
    genres: Object.fromEntries(GENRES.map((g) => [g, t(`genres.${g}`)])),
  };
}

/**
 * /dashboard/site-settings (issue 15; spec §2): root edits the landing page (hero texts per language, featured manga,
 * banner) and the discovery page (featured manga, banner), with a live preview of each in English and Arabic.
 */
export default async function SiteSettingsPage({ params, searchParams }: Props) {
  const opened = await openGatedPage(params, "siteSettings");
  if ("denied" in opened) return opened.denied;
  const { locale } = opened;

  const db = await getDb();
  const [{ landing, discovery }, covers, en, ar, messages, t] = await Promise.all([
    readSettingsValues(db),
    listManga({ db, genres: ["Action"], page: 1, pageSize: 3 }),
    previewTexts("en"),
    previewTexts("ar"),
    getMessages(),
    getTranslations("admin.settings"),
  ]);
  const [landingManga, discoveryManga] = await Promise.all([featuredManga(db, landing?.mangaId ?? null), featuredManga(db, discovery?.mangaId ?? null)]);
  const saved: SavedSettings = {
    landing: {
      texts: landing ? heroTranslations(landing) : { en: { title: "", description: "", cta: "" }, ar: { title: "", description: "", cta: "" } },
      manga: landingManga,
      bannerUrl: mediaUrl(landing?.bannerImageId ?? null),
    },
    discovery: { manga: discoveryManga, bannerUrl: mediaUrl(discovery?.bannerImageId ?? null) },
  };
  const tab = (await searchParams).tab === "discovery" ? "discovery" : "landing";

  return (
    <section aria-labelledby="site-settings-heading" className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="min-w-0">
        <h2 id="site-settings-heading" className="text-2xl font-extrabold tracking-tight">{t("heading")}</h2>
        <p className="mt-1 max-w-3xl text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      </header>
      {/* Only this page's texts (the dashboard layout's provider carries the shell's). */}
      <NextIntlClientProvider locale={locale} messages={{ admin: { settings: (messages.admin as AbstractIntlMessages).settings! }, ...pickMessages(messages, ["upload"]) }}>
        <SiteSettingsEditor
          initialTab={tab}
          saved={saved}
          previewTexts={{ en, ar }}
          covers={covers.items}
          bannerMaxBytes={IMAGE_MAX_BYTES}
        />
      </NextIntlClientProvider>
    </section>
  );
}
