import type { Metadata } from "next";
import { cache } from "react";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getDb } from "@/db/client";
import { redirect } from "@/i18n/navigation";
import { isLocale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";
import { READER } from "@/lib/reader-constants";
import { getSessionUser } from "@/server/auth/session";
import { getReaderSettings } from "@/server/account/get-reader-settings";
import { getReaderContext } from "@/server/chapters/get-reader-context";
import { getReadingAnchor } from "@/server/chapters/reading-anchor";
import { getPageRange, getPageShapes } from "@/server/chapters/pages";
import { viewerFromSession } from "@/server/chapters/viewer";
import { resolveChapterAccess } from "@/server/chapters/chapter-access";
import { Reader } from "@/components/reader/Reader";
import { LockedChapterShell } from "@/components/reader/LockedChapterShell";
import { PremiumLock } from "@/components/reader/PremiumLock";
import { AdFreeProvider } from "@/components/premium/AdFree";
import { JsonLd } from "@/components/seo/JsonLd";
import { breadcrumbJsonLd, chapterJsonLd, chapterPath, previewPath } from "@/lib/seo";
import { env } from "@/server/env";
import { markNotFound } from "@/server/http/request-faults-mark";
import ReaderNotFound from "../../not-found";

type Props = { params: Promise<{ locale: string; mangaId: string; chapterId: string }> };

export const dynamic = "force-dynamic";

const ID = /^\d{1,9}$/;

/**
 * Loads what the reader needs once per request (shared by the metadata and the page): who is reading, whether
 * they may read this chapter (hidden → 404, premium → lock card), the manga and its chapter list, and the first
 * pages so the first screen is in the HTML.
 */
const load = cache(async (mangaIdRaw: string, chapterIdRaw: string) => {
  if (!ID.test(mangaIdRaw) || !ID.test(chapterIdRaw)) return null;
  const user = await getSessionUser();
  const viewer = viewerFromSession(user);
  const db = await getDb();
  const access = await resolveChapterAccess({ db, chapterId: Number(chapterIdRaw), viewer });
  if (access.kind === "notFound") return null;
  const { chapter } = access;
  const context = await getReaderContext({ db, mangaId: chapter.mangaId, viewer, privileged: access.privileged });
  if (!context) return null;
  return { user, access, chapter, context, wrongManga: chapter.mangaId !== Number(mangaIdRaw) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, mangaId, chapterId } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "reader" });
  const data = await load(mangaId, chapterId);
  if (!data) return { title: t("notFoundTitle"), robots: { index: false } };
  const { manga } = data.context;
  const title = t("metaTitle", { manga: manga.title, chapter: data.chapter.title });
  const description = manga.description.slice(0, 300);
  const path = `/manga-reader/${manga.id}/${data.chapter.id}`;
  // Free, published chapters are for search engines and link previews (robots.txt lets crawlers in, ADR 021); premium
  // and unpublished ones are not.
  const indexable = data.access.kind === "ok" && !data.access.premiumNow && data.chapter.status === 1;
  // The share card shows the chapter's first page at card size (its 500 px copy, a plain immutable /media URL); the
  // manga's cover when the chapter has no page yet, and for chapters kept from the index.
  const [first] = indexable ? await getPageRange({ db: await getDb(), chapterId: data.chapter.id, from: 1, to: 1, viewer: null }) : [];
  const images = first
    ? [{ url: first.variants[500], width: 500, height: Math.round((500 * first.height) / Math.max(1, first.width)), alt: title }]
    : manga.coverImageUrl
      ? [{ url: manga.coverImageUrl, width: 600, height: 900, alt: manga.title }]
      : [];
  const alternates = alternatesFor(locale, path);
  return {
    title,
    description,
    alternates,
    openGraph: { type: "book", title, description, images, url: `${locale === "ar" ? "/ar" : ""}${path}`, locale: locale === "ar" ? "ar_AR" : "en_US" },
    twitter: { card: "summary_large_image", title, description: manga.description.slice(0, 200), images: images.map((i) => i.url) },
    robots: indexable ? undefined : { index: false },
  };
}

export default async function MangaReaderPage({ params }: Props) {
  const { locale, mangaId, chapterId } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const data = await load(mangaId, chapterId);
  // The not-found content in the first HTML, answered 404 (Next's notFound() here would send its empty error shell).
  if (!data) {
    markNotFound();
    return <ReaderNotFound />;
  }
  const { user, access, chapter, context } = data;
  if (data.wrongManga) redirect({ href: `/manga-reader/${chapter.mangaId}/${chapter.id}`, locale });

  // Spec §2: back to title goes to the dashboard's discovery when signed in, else the public one.
  const backHref = user ? "/dashboard/discovery" : "/discovery";
  const titleHref = user ? `/dashboard/discovery/manga/${context.manga.id}` : `/discovery/manga/${context.manga.id}`;

  const tn = await getTranslations("nav");
  const tm = await getTranslations("manga");
  const prefix = locale === "ar" ? "/ar" : "";
  const structuredData = (
    <JsonLd
      data={[
        chapterJsonLd(
          { id: chapter.id, title: chapter.title, number: chapter.number, pageCount: chapter.pageCount, publishedAt: chapter.publishAt ?? chapter.createdAt },
          { ...context.manga, author: context.manga.author ?? tm("unknownAuthor") },
          locale,
          env.siteUrl,
        ),
        breadcrumbJsonLd(env.siteUrl, [
          { name: tn("home"), path: prefix || "/" },
          { name: tn("discovery"), path: `${prefix}/discovery` },
          { name: context.manga.title, path: previewPath(locale, context.manga.id) },
          { name: chapter.title, path: chapterPath(locale, context.manga.id, chapter.id) },
        ]),
      ]}
    />
  );

  if (access.kind === "premium") {
    return (
      <>
        {structuredData}
        <LockedChapterShell backHref={backHref} mangaId={context.manga.id} mangaTitle={context.manga.title} chapters={context.chapters} currentId={chapter.id}>
          <PremiumLock titleHref={titleHref} coverImageUrl={context.manga.coverImageUrl} title={`${context.manga.title} – ${chapter.title}`} freeAt={chapter.freeAt} />
        </LockedChapterShell>
      </>
    );
  }

  // Signed in: open at the saved page of an unfinished chapter. Visitors: the browser restores its own.
  const saved = context.chapters.find((c) => c.id === chapter.id)?.progress;
  const initialPage = saved && !saved.completed ? Math.min(saved.pageNumber, Math.max(1, chapter.pageCount)) : 1;
  const from = context.manga.readingDirection === 2 ? 1 : initialPage;
  const db = await getDb();
  // Signed in (issue 32): the account's reader settings and exact place in this chapter come with the page (two key lookups).
  const [initialPages, shapes, account] = await Promise.all([
    getPageRange({ db, chapterId: chapter.id, from, to: initialPage + READER.verticalBatch - 1, viewer: user ? { userId: user.id } : null }),
    getPageShapes({ db, chapterId: chapter.id }),
    user
      ? Promise.all([
          getReaderSettings({ db, viewer: viewerFromSession(user)! }),
          saved && !saved.completed ? getReadingAnchor({ db, userId: user.id, chapterId: chapter.id }) : null,
        ]).then(([settings, anchor]) => ({ settings: settings.settings, anchor }))
      : null,
  ]);

  // PremiumPlus reads without the sponsored overlay (lib/premium.ts).
  return (
    <AdFreeProvider adFree={access.adFree}>
      {structuredData}
      <Reader
        key={chapter.id}
        manga={context.manga}
        chapters={context.chapters}
        chapter={{ id: chapter.id, title: chapter.title, pageCount: chapter.pageCount, sourceType: chapter.sourceType }}
        initialPages={initialPages}
        shapes={shapes}
        initialPage={initialPage}
        restoreLocally={!user}
        viewer={user ? { username: user.username, accessToken: user.accessToken } : null}
        backHref={backHref}
        titleHref={titleHref}
        nextRelease={context.nextRelease}
        account={account}
      />
    </AdFreeProvider>
  );
}
