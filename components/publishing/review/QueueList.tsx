import { BookImage, Eye, Pencil, ScanSearch } from "lucide-react";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/Button";
import { Link } from "@/i18n/navigation";
import { mediaVariantUrl } from "@/lib/media-url";
import { reviewNoteIn } from "@/lib/review-notes";
import type { QueueChapter, QueueItem } from "@/server/publishing/review-queue";
import { processingReason } from "./processing";
import { StatusChip, statusKey, statusTone } from "./StatusChip";
import { isolate } from "@/lib/bidi";

const primaryButton = buttonClass({ size: "sm" });
const secondaryButton = buttonClass({ variant: "secondary", size: "sm" });

/**
 * The queue's rows: cover, title (to the review page for root, the editor for the writer), the manga's state, its
 * chapters still to review, the review team's notes and the chapters that need attention (pending, rejected,
 * processing or failed, or with a note).
 */
export async function QueueList({ items: stored, isRoot }: { items: QueueItem[]; isRoot: boolean }) {
  const [t, locale] = await Promise.all([getTranslations("approval"), getLocale()]);
  // Notes written from a review template read in the page's language (lib/review-notes.ts); others as written.
  const note = (text: string | null) => (text ? reviewNoteIn(text, locale === "ar" ? "ar" : "en") : text);
  const items = stored.map((item) => ({
    ...item,
    reviewNote: note(item.reviewNote),
    chapters: item.chapters.map((c) => ({ ...c, reviewNote: note(c.reviewNote) })),
  }));
  const format = await getFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });

  return (
    <ul className="flex flex-col gap-3" data-testid="review-queue">
      {items.map((item) => (
        <QueueCard key={item.id} item={item} isRoot={isRoot} t={t} date={date} />
      ))}
    </ul>
  );
}

type T = (key: string, values?: Record<string, string | number>) => string;

/** One manga of the queue: its cover, title, state, counts, notes, chapters needing attention and its actions. */
function QueueCard({ item, isRoot, t, date }: { item: QueueItem; isRoot: boolean; t: T; date: (iso: string) => string }) {
  const reviewHref = `/dashboard/manga-approval/${item.id}`;
  const primaryHref = isRoot ? reviewHref : `/dashboard/manga-approval/editor/${item.id}`;
  return (
    <li
      className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="queue-item"
      data-manga-id={item.id}
      data-state={item.state}
    >
      <article aria-labelledby={`queue-item-${item.id}`} className="flex gap-4">
        <Cover url={item.coverImageUrl} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <div className="min-w-0">
              <h3 id={`queue-item-${item.id}`} dir="auto" className="text-start text-base font-bold break-words sm:text-lg">
                <Link href={primaryHref} className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:text-brand-300">
                  {item.title}
                </Link>
              </h3>
              <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
                {isRoot && <span>{t("queue.by", { author: isolate(item.author.username ?? t("queue.unknownAuthor")) })} · </span>}
                {item.waitingSince ? t("queue.waitingSince", { date: date(item.waitingSince) }) : t("queue.updated", { date: date(item.updatedAt) })}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <StatusChip tone={statusTone(item.status)} label={t(`status.${statusKey(item.status)}`)} testId="queue-item-status" />
              {item.chapterCounts.pending > 0 && (
                <StatusChip tone="pending" label={t("queue.pendingChapters", { count: item.chapterCounts.pending })} />
              )}
            </div>
          </div>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {t("queue.chapterCount", { count: item.chapterCounts.total })}
          </p>
          {item.reviewNote && <Note label={t("queue.note")} text={item.reviewNote} />}
          {item.chapters.length > 0 && (
            <div>
              <h4 className="sr-only">{t("queue.chaptersHeading")}</h4>
              <ul className="flex flex-col divide-y divide-zinc-100 rounded-xl border border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800">
                {item.chapters.map((c) => (
                  <ChapterLine key={c.id} chapter={c} t={t} />
                ))}
              </ul>
            </div>
          )}
          <CardActions title={item.title} isRoot={isRoot} reviewHref={reviewHref} primaryHref={primaryHref} t={t} />
        </div>
      </article>
    </li>
  );
}

function Cover({ url }: { url: string | null }) {
  return (
    <div className="aspect-[2/3] w-16 shrink-0 self-start overflow-hidden rounded-lg bg-zinc-100 sm:w-20 dark:bg-zinc-800">
      {url ? (
        // eslint-disable-next-line @next/next/no-img-element -- content-addressed media with its own variants
        <img src={mediaVariantUrl(url, 160)} alt="" width={80} height={120} loading="lazy" className="size-full object-cover" />
      ) : (
        <div className="grid size-full place-items-center text-zinc-400">
          <BookImage className="size-6" aria-hidden />
        </div>
      )}
    </div>
  );
}

/** Root reviews the manga; the writer edits it or views its review page. */
function CardActions({ title, isRoot, reviewHref, primaryHref, t }: { title: string; isRoot: boolean; reviewHref: string; primaryHref: string; t: T }) {
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      {isRoot ? (
        <Link href={reviewHref} className={primaryButton} data-testid="queue-review">
          <ScanSearch className="size-4" aria-hidden />
          {t("queue.review")}
          <span className="sr-only">: {title}</span>
        </Link>
      ) : (
        <>
          <Link href={primaryHref} className={primaryButton} data-testid="queue-edit">
            <Pencil className="size-4" aria-hidden />
            {t("queue.edit")}
            <span className="sr-only">: {title}</span>
          </Link>
          <Link href={reviewHref} className={secondaryButton} data-testid="queue-view">
            <Eye className="size-4" aria-hidden />
            {t("queue.view")}
            <span className="sr-only">: {title}</span>
          </Link>
        </>
      )}
    </div>
  );
}

function ChapterLine({ chapter: c, t }: { chapter: QueueChapter; t: T }) {
  return (
    <li className="flex flex-col gap-1.5 px-3 py-2 text-sm" data-testid="queue-chapter" data-chapter-id={c.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words">{t("queue.chapterTitle", { number: c.number, title: isolate(c.title) })}</span>
        <span className="flex flex-wrap gap-1.5">
          {c.processing === 1 && <StatusChip tone="processing" label={t("processing.processing")} />}
          {c.processing === 2 && <StatusChip tone="failed" label={t("processing.failed")} />}
          <StatusChip tone={statusTone(c.status)} label={t(`status.${statusKey(c.status)}`)} testId="queue-chapter-status" />
        </span>
      </div>
      {c.processing === 2 && <p className="text-xs text-red-700 dark:text-red-300">{processingReason(t, c.processingError)}</p>}
      {c.reviewNote && <Note label={t("queue.note")} text={c.reviewNote} />}
    </li>
  );
}

function Note({ label, text }: { label: string; text: string }) {
  return (
    <div className="rounded-xl bg-zinc-50 px-3 py-2 text-sm dark:bg-zinc-800/60" data-testid="review-note">
      <p className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">{label}</p>
      <p dir="auto" className="mt-0.5 text-start whitespace-pre-line break-words text-zinc-800 dark:text-zinc-200">{text}</p>
    </div>
  );
}

