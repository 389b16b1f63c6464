import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { isLocale } from "@/i18n/routing";
import { GRID_COVER_SIZES } from "@/lib/media-url";
import { alternatesFor, breadcrumbJsonLd, writerJsonLd } from "@/lib/seo";
import { env } from "@/server/env";
import { getWriterProfile } from "@/server/follows/get-writer-profile";
import { markNotFound } from "@/server/http/request-faults-mark";
import { SearchX } from "@/components/icons/content";
import { FollowButton } from "@/components/follows/FollowButton";
import { MangaCard } from "@/components/manga/MangaCard";
import { getCardTexts } from "@/components/manga/card-texts";
import { JsonLd } from "@/components/seo/JsonLd";
import { EmptyState } from "@/components/ui/EmptyState";
import { NotFoundPanel } from "@/components/ui/NotFoundPanel";

type Props = { params: Promise<{ locale: string; username: string }> };

// Per request (a direct read: the follower count moves with every follow; nothing here is in the page cache).
export const dynamic = "force-dynamic";

/** The path's name as typed: Next hands it over still percent-encoded when it is not ASCII. */
function nameOf(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** One read per request, shared by the metadata and the page; the page is the same for everyone (no viewer). */
const loadWriter = cache(async (username: string) => getWriterProfile({ db: await getDb(), viewer: null, username: nameOf(username) }));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, username } = await params;
  const locale = isLocale(raw) ? raw : "en";
  const t = await getTranslations({ locale });
  const writer = await loadWriter(username);
  if (!writer) return { title: t("writers.notFoundTitle"), robots: { index: false } };
  const name = writer.username;
  return {
    title: t("writers.metaTitle", { name }),
    description: t("writers.metaDescription", { name, brand: t("brand.name") }),
    alternates: alternatesFor(locale, `/writers/${encodeURIComponent(name)}`),
  };
}

/**
 * A writer's public page (issue 34, item 4): their name, follower count and Follow button (a small island), and their
 * published manga as the catalogue's cards. Unknown names, and accounts that are not writers, get the site's
 * not-found content with a 404 (docs/decisions/021).
 */
export default async function WriterPage({ params }: Props) {
  const { locale, username } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [writer, t, tn, cardTexts] = await Promise.all([loadWriter(username), getTranslations("writers"), getTranslations("nav"), getCardTexts()]);
  if (!writer) {
    markNotFound();
    return <NotFoundPanel icon={SearchX} title={t("notFoundTitle")} text={t("notFoundText")} backHref="/discovery" backLabel={t("back")} />;
  }
  const path = `/writers/${encodeURIComponent(writer.username)}`;
  const prefix = locale === "ar" ? "/ar" : "";
  const crumbs = [
    { name: tn("home"), path: prefix || "/" },
    { name: tn("discovery"), path: `${prefix}/discovery` },
    { name: writer.username, path: `${prefix}${path}` },
  ];
  return (
    <div className="flex flex-col gap-8 px-4 py-6 sm:px-6 lg:px-8">
      <JsonLd data={[writerJsonLd(env.siteUrl, `${prefix}${path}`, { id: writer.id, username: writer.username, followers: writer.followers, works: writer.manga.length }), breadcrumbJsonLd(env.siteUrl, crumbs)]} />
      <header className="flex flex-col gap-5 rounded-3xl border border-zinc-200 bg-white p-5 sm:flex-row sm:items-center sm:p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <span aria-hidden className="grid size-16 shrink-0 place-items-center rounded-full bg-brand-600 text-2xl font-black text-white uppercase sm:size-20 sm:text-3xl">
          {[...writer.username][0]}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-sm font-semibold text-brand-700 dark:text-brand-400">{t("role")}</p>
          {/* In the page's direction (a Latin name sits at the start of an Arabic page too), the name isolated. */}
          <h1 className="text-3xl font-black tracking-tight break-words sm:text-4xl"><bdi>{writer.username}</bdi></h1>
          <p className="text-zinc-600 dark:text-zinc-400">
            <span data-testid="follower-count">{t("followers", { count: writer.followers })}</span>
            <span aria-hidden> · </span>
            <span>{t("mangaCount", { count: writer.manga.length })}</span>
          </p>
        </div>
        <div className="shrink-0">
          <FollowButton writerId={writer.id} returnPath={path} refresh texts={{ follow: t("follow"), following: t("following"), followLabel: t("followLabel", { name: writer.username }), followingLabel: t("followingLabel", { name: writer.username }), failed: t("failed") }} />
        </div>
      </header>
      <section aria-labelledby="writer-manga-heading" className="flex flex-col gap-4">
        <h2 id="writer-manga-heading" className="text-xl font-extrabold">{t("mangaHeading")}</h2>
        {writer.manga.length === 0 ? (
          <EmptyState title={t("noManga")} testId="writer-no-manga" />
        ) : (
          <div className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" data-testid="writer-manga">
            {writer.manga.map((m, i) => (
              <MangaCard key={m.id} manga={m} texts={cardTexts} priority={i === 0} sizes={GRID_COVER_SIZES} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
