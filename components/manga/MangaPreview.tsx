import type { ReactNode } from "react";
import { Heart } from "@/components/icons/ui";
import { StatusChip, type BadgeTone } from "@/components/ui/Badge";
import { buttonClass } from "@/components/ui/Button";
import { isolate } from "@/lib/bidi";
import { BookOpen, Download, Eye, Layers, Lock } from "@/components/icons/content";
import { getMessages, getTranslations } from "next-intl/server";
import { TextsProvider } from "@/i18n/client";
import { ReportButton } from "@/components/reports/ReportButton";
import { reporterTexts } from "@/components/reports/reporter-texts";
import { Link } from "@/i18n/navigation";
import { loginThen } from "@/lib/login-then";
import { COVER_AVIF_WIDTHS, mediaSrcSet, mediaVariantUrl } from "@/lib/media-url";
import { AvifPicture } from "@/components/ui/AvifPicture";
import { isPremiumNow } from "@/lib/premium";
import { isPublicationStatus, type PublicationStatus } from "@/lib/publication-status";
import type { MangaDetail } from "@/server/manga/get-manga";
import { FavoriteButton } from "./FavoriteButton";
import { FavoriteCount } from "./FavoriteCount";
import { HeartView } from "./HeartView";
import { PublicRating } from "@/components/ratings/PreviewRating";

type Href = string | { pathname: string; query: Record<string, string> };

/**
 * The manga preview of spec §2, shared by the public page and the dashboard's: cover, title, created-by username
 * (fallback "Unknown Author" public, "Unknown" dashboard), description, genre chips, read button (first chapter),
 * favourite toggle, the report flag (issue 15) and the chapter list "index - chapter title" numbered from 0.
 * `chapterHref` decides where reading goes: the reader when signed in, the login screen for visitors.
 */
export async function MangaPreview({
  manga: m,
  locale,
  variant,
  chapterHref,
  genreHref,
  authorAction,
  rating,
}: {
  manga: MangaDetail;
  locale: string;
  variant: "public" | "dashboard";
  /** The ratings block (docs/decisions/028): the dashboard's DashboardRating; by default the public one. */
  rating?: ReactNode;
  chapterHref: (chapterId: number) => Href;
  genreHref: (genre: string) => Href;
  /** Beside "by {author}": the dashboard's Follow button (issue 34); the public page passes none (no extra island). */
  authorAction?: ReactNode;
}) {
  const t = await getTranslations("preview");
  const tm = await getTranslations("manga");
  const tg = await getTranslations("genres");
  const tw = await getTranslations("writers");
  const author = m.user.username ?? (variant === "public" ? tm("unknownAuthor") : t("unknown"));
  const first = m.chapters[0];
  const stat = "flex items-center gap-2 rounded-2xl bg-zinc-100 px-4 py-3 dark:bg-zinc-900";
  const number = (n: number) => n.toLocaleString(locale);

  return (
    <>
      <article className="relative isolate overflow-hidden px-4 sm:px-6 lg:px-8" aria-labelledby="manga-title">
        {m.coverImageUrl && (
          // eslint-disable-next-line @next/next/no-img-element -- decorative blurred backdrop from the same cover
          <img src={mediaVariantUrl(m.coverImageUrl, 160)} alt="" aria-hidden className="absolute inset-x-0 top-0 -z-10 h-72 w-full scale-110 object-cover opacity-30 blur-2xl dark:opacity-20" />
        )}
        <div className="grid gap-8 pt-4 md:grid-cols-[minmax(0,18rem)_1fr] lg:gap-12">
          <PreviewCover title={m.title} coverImageUrl={m.coverImageUrl} />
          <div className="flex min-w-0 flex-col gap-5">
            <div>
              <h1 id="manga-title" dir="auto" className="text-3xl font-black leading-tight tracking-tight break-words sm:text-4xl">{m.title}</h1>
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
                {/* The author's name opens their writer page (issue 34); a deleted author has none. */}
                <p className="text-zinc-600 dark:text-zinc-400" data-testid="manga-author">
                  {m.user.username
                    ? tw.rich("byAuthor", {
                        author: m.user.username,
                        link: (chunks) => (
                          <Link href={writerPath(m.user.username!)} dir="auto" className={AUTHOR_LINK} prefetch={false}>
                            {chunks}
                          </Link>
                        ),
                      })
                    : tm("by", { author: isolate(author) })}
                </p>
                {authorAction}
              </div>
            </div>
            <PreviewTags manga={m} genreHref={genreHref} labels={{ status: t("publicationStatus"), genres: t("genres") }} statusText={(status) => t(`publicationStatuses.${status}`)} genreText={(g) => tg(g)} />
            {m.description && <p dir="auto" className="max-w-3xl whitespace-pre-line leading-8 text-zinc-700 dark:text-zinc-300">{m.description}</p>}
            {/* Each icon sits in its term (a <dl>'s groups hold only <dt> and <dd>). */}
            <dl className="grid max-w-xl grid-cols-3 gap-3 text-sm">
              <div className={stat}><dt className="flex"><Eye className="size-4 text-brand-600" aria-hidden /><span className="sr-only">{t("views")}</span></dt><dd className="font-bold tabular-nums">{number(m.views)}</dd></div>
              <div className={stat}><dt className="flex"><Heart className="size-4 text-brand-600" aria-hidden /><span className="sr-only">{t("favorites")}</span></dt><dd className="font-bold tabular-nums" data-testid="favorite-count"><FavoriteCount mangaId={m.id} count={m.favorites} text={number(m.favorites)} locale={locale} /></dd></div>
              <div className={stat}><dt className="flex"><Layers className="size-4 text-brand-600" aria-hidden /><span className="sr-only">{t("chapterCount")}</span></dt><dd className="font-bold tabular-nums">{number(m.chapters.length)}</dd></div>
            </dl>
            {/* The dashboard passes its signed-in control (a client island the public page must not even import). */}
            {rating ?? <PublicRating manga={m} locale={locale} />}
            <div className="flex flex-wrap gap-3">
              {first && (
                <Link href={chapterHref(first.id)} className={buttonClass({ size: "lg", pill: true })}>
                  <BookOpen className="size-5" aria-hidden />
                  {t("read")}
                </Link>
              )}
              <FavoriteButton mangaId={m.id} variant="full">
                <HeartView active={false} label={tm("addFavorite")} variant="full" />
              </FavoriteButton>
              <TextsProvider messages={reporterTexts(await getMessages())}>
                <ReportButton target={{ mangaId: m.id, title: m.title }} variant="preview" />
              </TextsProvider>
            </div>
          </div>
        </div>
      </article>

      <ChapterList chapters={m.chapters} chapterHref={chapterHref} saveHref={(chapterId) => offlineSaveHref(m.id, chapterId, variant)} />
    </>
  );
}

/** The author's name as a link: the brand colour a shade darker than the kit's text link, legible on the dashboard's grey. */
const AUTHOR_LINK = "font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400";

/** A writer's public page (app/[locale]/(site)/writers/[username]). */
export const writerPath = (username: string) => `/writers/${encodeURIComponent(username)}`;

/** The publication status (a kit Badge) and the genre links, on one wrapping row. */
function PreviewTags({
  manga: m,
  genreHref,
  labels,
  statusText,
  genreText,
}: {
  manga: MangaDetail;
  genreHref: (genre: string) => Href;
  labels: { status: string; genres: string };
  statusText: (status: PublicationStatus) => string;
  genreText: (genre: MangaDetail["genres"][number]) => string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {/* A detail read from an older cache entry may lack it: then no badge rather than a wrong one. */}
      {isPublicationStatus(m.publicationStatus) && (
        <StatusChip
          status={m.publicationStatus}
          tones={PUBLICATION_STATUS_TONES}
          testId="publication-status"
          label={<><span className="sr-only">{labels.status}: </span>{statusText(m.publicationStatus)}</>}
        />
      )}
      {m.genres.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={labels.genres}>
          {m.genres.map((g) => (
            <li key={g}>
              <Link href={genreHref(g)} className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-100 dark:bg-brand-600/15 dark:text-brand-400">
                {genreText(g)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The publication status's badge tone: still coming out green, finished sky, paused amber, stopped neutral. */
const PUBLICATION_STATUS_TONES: Record<PublicationStatus, BadgeTone> = { ongoing: "green", completed: "sky", hiatus: "amber", cancelled: "zinc" };

/** The cover (a plain block with the title when there is none). */
function PreviewCover({ title, coverImageUrl }: { title: string; coverImageUrl: MangaDetail["coverImageUrl"] }) {
  return (
    <div className="mx-auto w-full max-w-[18rem]">
      {coverImageUrl ? (
        <AvifPicture srcSet={mediaSrcSet(coverImageUrl, COVER_AVIF_WIDTHS, "avif")} sizes="18rem">
          {/* eslint-disable-next-line @next/next/no-img-element -- immutable media URL */}
          <img
            src={mediaVariantUrl(coverImageUrl, 480)}
            srcSet={mediaSrcSet(coverImageUrl, COVER_AVIF_WIDTHS)}
            sizes="18rem"
            alt={title}
            width={600}
            height={900}
            fetchPriority="high"
            className="aspect-[2/3] w-full rounded-2xl object-cover shadow-2xl ring-1 ring-black/10" />
        </AvifPicture>
      ) : (
        <div className="grid aspect-[2/3] w-full place-items-center rounded-2xl bg-zinc-200 p-6 text-center text-xl font-black text-zinc-500 dark:bg-zinc-800">{title}</div>
      )}
    </div>
  );
}

/** "Save for offline" of a chapter (issue 32): the offline page saves it; from the public preview, after signing in (spec §2). */
function offlineSaveHref(mangaId: number, chapterId: number, variant: "public" | "dashboard"): Href {
  const path = `/offline?save=${chapterId}&manga=${mangaId}`;
  return variant === "public" ? loginThen(path) : path;
}

/**
 * The chapter list "index - chapter title", numbered from 0, premium chapters marked with a lock; beside each chapter,
 * "Save for offline" (a plain link: the preview ships no offline code).
 */
async function ChapterList({ chapters, chapterHref, saveHref }: { chapters: MangaDetail["chapters"]; chapterHref: (chapterId: number) => Href; saveHref: (chapterId: number) => Href }) {
  const t = await getTranslations("preview");
  return (
    <section aria-labelledby="chapters-title" className="px-4 sm:px-6 lg:px-8">
      <h2 id="chapters-title" className="mb-4 text-xl font-extrabold">{t("chapters")}</h2>
      {chapters.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-zinc-500 dark:border-zinc-700">{t("noChapters")}</p>
      ) : (
        <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {chapters.map((c, index) => (
            <li key={c.id} className="flex gap-2">
              <Link href={chapterHref(c.id)} className="flex min-w-0 flex-1 items-center justify-between gap-3 rounded-xl border border-zinc-200 px-4 py-3 transition hover:border-brand-500 hover:bg-brand-50/50 dark:border-zinc-800 dark:hover:bg-brand-600/10">
                <span className="truncate font-medium">{t("chapterRow", { index, title: isolate(c.title) })}</span>
                {isPremiumNow(c) && (
                  <span data-testid="chapter-lock" className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
                    <Lock className="size-3" aria-hidden />
                    {t("premium")}
                  </span>
                )}
              </Link>
              <Link
                href={saveHref(c.id)}
                aria-label={t("saveOffline", { title: isolate(c.title) })}
                title={t("saveOffline", { title: isolate(c.title) })}
                data-testid="save-offline"
                className="grid w-12 shrink-0 place-items-center rounded-xl border border-zinc-200 text-zinc-600 transition hover:border-brand-500 hover:text-brand-700 dark:border-zinc-800 dark:text-zinc-300 dark:hover:text-brand-300"
              >
                <Download className="size-4" aria-hidden />
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
