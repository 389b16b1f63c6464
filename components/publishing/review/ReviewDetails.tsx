import { BadgeCheck, BookImage, CalendarClock, Crown, FileWarning, Loader2, ShieldQuestion } from "lucide-react";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { reviewNoteIn } from "@/lib/review-notes";
import { Link } from "@/i18n/navigation";
import { mediaVariantUrl } from "@/lib/media-url";
import type { ManagedChapter, ManagedManga } from "@/server/publishing/managed";
import { DecisionBar } from "./DecisionBar";
import { PageViewer, type ViewerPage } from "./PageViewer";
import { processingReason } from "./processing";
import type { ReviewSubject } from "./ReviewDesk";
import { StatusChip, statusKey, statusTone } from "./StatusChip";
import { isolate } from "@/lib/bidi";
import { TrustedToggle } from "./TrustedToggle";

/** Chapters as the review page lists them: pending first, then the rest, each group in reading order. */
export function orderForReview(chapters: readonly ManagedChapter[]): ManagedChapter[] {
  return [...chapters].sort((a, b) => Number(b.status === 0) - Number(a.status === 0) || a.number - b.number);
}

const card = "rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900";

/** Cover, title, state and note, root's decision buttons and the details (genres, direction, author, dates). */
export async function MangaSummary({ manga: m, subject, canTrust = false }: { manga: ManagedManga; subject: ReviewSubject; canTrust?: boolean }) {
  const [t, tg, tf, format, locale] = await Promise.all([getTranslations("approval"), getTranslations("genres"), getTranslations("mangaForm"), getFormatter(), getLocale()]);
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });
  return (
    <section aria-labelledby="review-manga-title" className={`${card} flex flex-col gap-4`} data-testid="review-manga">
      <div className="flex gap-4 lg:flex-col">
        <div className="aspect-[2/3] w-28 shrink-0 overflow-hidden rounded-xl bg-zinc-100 sm:w-36 lg:w-full dark:bg-zinc-800">
          {m.coverImageUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- content-addressed media with its own variants
            <img src={mediaVariantUrl(m.coverImageUrl, 480)} alt={t("detail.cover", { title: m.title })} width={320} height={480} className="size-full object-cover" />
          ) : (
            <div className="grid size-full place-items-center text-sm text-zinc-500">
              <BookImage className="size-8" aria-hidden />
              <span className="sr-only">{t("detail.noCover")}</span>
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <h2 id="review-manga-title" dir="auto" className="text-start text-xl font-extrabold tracking-tight break-words" data-testid="review-title">
            {m.title}
          </h2>
          <div className="flex flex-wrap gap-2">
            <StatusChip tone={statusTone(m.status)} label={t(`status.${statusKey(m.status)}`)} testId="review-manga-status" />
          </div>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t("queue.by", { author: isolate(m.author.username ?? t("queue.unknownAuthor")) })}
          </p>
        </div>
      </div>

      <DecisionBar subject={subject} />

      <div>
        <h3 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{t("detail.note")}</h3>
        <p dir="auto" className="mt-1 text-start text-sm whitespace-pre-line break-words" data-testid="review-manga-note">
          {m.reviewNote !== null ? reviewNoteIn(m.reviewNote, locale === "ar" ? "ar" : "en") : <span className="text-zinc-600 dark:text-zinc-400">{t("detail.noNote")}</span>}
        </p>
      </div>

      <dl className="grid gap-3 text-sm">
        <Item label={t("detail.description")}>
          <p dir="auto" className="text-start whitespace-pre-line break-words text-zinc-800 dark:text-zinc-200">{m.description || t("detail.noDescription")}</p>
        </Item>
        <Item label={t("detail.genres")}>
          {m.genres.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {m.genres.map((g) => (
                <li key={g} className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs font-medium text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
                  {tg(g)}
                </li>
              ))}
            </ul>
          ) : (
            t("detail.noGenres")
          )}
        </Item>
        <Item label={tf("language")}>{tf(`languages.${m.language}`)}</Item>
        <Item label={tf("publicationStatus")}>{tf(`publicationStatuses.${m.publicationStatus}`)}</Item>
        <Item label={t("detail.readingDirection")}>{t(`detail.directions.${[0, 1, 2].includes(m.readingDirection) ? m.readingDirection : 0}`)}</Item>
        <Item label={t("detail.author")}>
          <span dir="auto" className="font-medium">
            {m.author.username ?? t("queue.unknownAuthor")}
          </span>
          {canTrust && m.author.id !== null ? (
            <TrustedToggle userId={m.author.id} trusted={m.author.trusted} />
          ) : (
            <span className="mt-1 flex items-start gap-1.5 text-xs text-zinc-600 dark:text-zinc-400" data-testid="author-trusted" data-trusted={m.author.trusted}>
              {m.author.trusted ? (
                <BadgeCheck className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
              ) : (
                <ShieldQuestion className="size-4 shrink-0" aria-hidden />
              )}
              {m.author.trusted ? t("detail.trusted") : t("detail.notTrusted")}
            </span>
          )}
        </Item>
        <Item label={t("detail.submitted")}>{date(m.createdAt)}</Item>
        <Item label={t("detail.updated")}>{date(m.updatedAt)}</Item>
      </dl>
    </section>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/** Every chapter with its state, processing, note and a link that shows its pages below. */
export async function ChapterList({ mangaId, chapters, selectedId }: { mangaId: number; chapters: ManagedChapter[]; selectedId: number | null }) {
  const [t, format, locale] = await Promise.all([getTranslations("approval"), getFormatter(), getLocale()]);
  return (
    <section aria-labelledby="review-chapters-title" className={card} data-testid="review-chapters">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="review-chapters-title" className="text-lg font-bold">{t("detail.chapters")}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("detail.chapterCount", { count: chapters.length })}</p>
      </div>
      {chapters.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{t("detail.noChapters")}</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-zinc-100 dark:divide-zinc-800">
          {chapters.map((c) => {
            const selected = c.id === selectedId;
            return (
              <li key={c.id} className={`flex flex-col gap-1.5 py-3 ${selected ? "-mx-2 rounded-xl bg-brand-50 px-2 dark:bg-brand-500/10" : ""}`} data-testid="review-chapter" data-chapter-id={c.id} data-status={c.status}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    href={`/dashboard/manga-approval/${mangaId}?chapter=${c.id}#chapter-pages`}
                    aria-current={selected ? "true" : undefined}
                    className="min-w-0 rounded font-semibold break-words hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:text-brand-300"
                  >
                    {t("detail.chapterTitle", { number: c.number, title: isolate(c.title) })}
                  </Link>
                  <span className="flex flex-wrap gap-1.5">
                    {c.isPremium && <StatusChip tone="neutral" label={t("detail.premium")} />}
                    {c.processing === 1 && <StatusChip tone="processing" label={t("processing.processing")} />}
                    {c.processing === 2 && <StatusChip tone="failed" label={t("processing.failed")} />}
                    <StatusChip tone={statusTone(c.status)} label={t(`status.${statusKey(c.status)}`)} testId="review-chapter-status" />
                  </span>
                </div>
                <p className="flex flex-wrap gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
                  <span>{t("detail.chapterMeta", { count: c.pageCount })}</span>
                  {c.publishAt && (
                    <span className="inline-flex items-center gap-1">
                      <CalendarClock className="size-3.5" aria-hidden />
                      {t("detail.scheduled", { date: format.dateTime(new Date(c.publishAt), { dateStyle: "medium", timeStyle: "short" }) })}
                    </span>
                  )}
                  {selected && <span className="font-semibold text-brand-700 dark:text-brand-300">{t("detail.showing")}</span>}
                </p>
                {c.reviewNote && (
                  <p dir="auto" className="rounded-lg bg-zinc-50 px-2.5 py-1.5 text-start text-sm whitespace-pre-line break-words text-zinc-800 dark:bg-zinc-800/60 dark:text-zinc-200" data-testid="review-note">
                    <span className="font-semibold">{t("detail.note")}: </span>
                    {reviewNoteIn(c.reviewNote, locale === "ar" ? "ar" : "en")}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The selected chapter's pages in the viewer (or why there are none yet) and root's buttons for it. */
export async function PagesPanel({ chapter: c, subject, pages }: { chapter: ManagedChapter; subject: ReviewSubject; pages: ViewerPage[] }) {
  const t = await getTranslations("approval");
  const label = t("detail.chapterTitle", { number: c.number, title: isolate(c.title) });
  return (
    <section id="chapter-pages" aria-labelledby="review-pages-title" className={`${card} flex scroll-mt-20 flex-col gap-4`} data-testid="review-pages" data-chapter-id={c.id}>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="review-pages-title" className="min-w-0 text-lg font-bold break-words">{label}</h2>
          <StatusChip tone={statusTone(c.status)} label={t(`status.${statusKey(c.status)}`)} testId="review-pages-status" />
        </div>
        <DecisionBar subject={subject} />
      </div>
      {c.processing === 1 ? (
        <p className="flex items-center gap-2 rounded-xl bg-sky-50 p-4 text-sm text-sky-900 dark:bg-sky-500/10 dark:text-sky-100">
          <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden />
          {t("detail.processingPages")}
        </p>
      ) : c.processing === 2 ? (
        <p className="flex items-center gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-900 dark:bg-red-500/10 dark:text-red-100">
          <FileWarning className="size-4 shrink-0" aria-hidden />
          {t("detail.failedPages", { reason: processingReason((key) => t(key), c.processingError) })}
        </p>
      ) : pages.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("detail.noPages")}</p>
      ) : (
        <PageViewer key={c.id} pages={pages} label={label} />
      )}
      {c.isPremium && (
        <p className="inline-flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          <Crown className="size-3.5" aria-hidden />
          {t("detail.premium")}
        </p>
      )}
    </section>
  );
}
