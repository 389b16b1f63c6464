import { BookOpen, Eye, Heart, ImageOff, Layers, Loader2, Pencil } from "lucide-react";
import { isolate } from "@/lib/bidi";
import { getLocale, getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import { mediaVariantUrl } from "@/lib/media-url";
import { reviewNoteIn } from "@/lib/review-notes";
import type { ManagedMangaRow } from "@/server/publishing/list-managed-manga";
import { buttonClass, textLinkClass } from "@/components/ui/Button";
import { AnalyticsButton } from "./analytics/AnalyticsButton";
import { DeleteMangaButton } from "./DeleteMangaButton";
import { StatusChip } from "./StatusChip";

const action = buttonClass({ variant: "ghost", size: "sm" });

type T = Awaited<ReturnType<typeof getTranslations<"management">>>;

/** What the rows' pieces share: the texts, the locale's numbers, and the author's name or "unknown". */
interface ListContext {
  t: T;
  number: (n: number) => string;
  author: (row: ManagedMangaRow) => string;
  /** A review note in the page's language. */
  note: (text: string) => string;
}

const editHref = (id: number) => `/dashboard/manga-approval/editor/${id}`;

/** The cover, or a placeholder saying there is none. */
function Cover({ row, className, t }: { row: ManagedMangaRow; className: string; t: T }) {
  return row.coverImageUrl ? (
    // eslint-disable-next-line @next/next/no-img-element -- immutable media URL
    <img src={mediaVariantUrl(row.coverImageUrl, 160)} alt="" loading="lazy" className={`${className} rounded-lg bg-zinc-100 object-cover dark:bg-zinc-800`} />
  ) : (
    <span className={`${className} grid place-items-center rounded-lg bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400`} title={t("noCover")}>
      <ImageOff className="size-5" aria-hidden />
    </span>
  );
}

/** The review status, with root's note under it when there is one. */
function Status({ row, ctx: { t, note } }: { row: ManagedMangaRow; ctx: ListContext }) {
  return (
    <div className="flex flex-col items-start gap-1.5">
      <StatusChip status={row.status} label={t(`statuses.${row.status as 0 | 1 | 2}`)} />
      {row.reviewNote && (
        <p className={`max-w-64 rounded-lg px-2 py-1 text-xs break-words ${row.status === 2 ? "bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300" : "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"}`} data-testid="manga-note">
          <span className="font-semibold">{t("note")}: </span>
          {/* The note in its own direction, apart from the label (root may write in the other language). */}
          <span dir="auto" className="whitespace-pre-line">{note(row.reviewNote)}</span>
        </p>
      )}
    </div>
  );
}

/** The chapter count, with those waiting for review, those rejected (the latest reason, a link to all) and those being processed. */
function Chapters({ row, ctx }: { row: ManagedMangaRow; ctx: ListContext }) {
  const { t } = ctx;
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      <span className="tabular-nums" data-testid="chapter-count">{t("chapterCount", { count: row.totalChapters })}</span>
      {row.pendingChapters > 0 && <span className="text-xs font-semibold text-amber-800 dark:text-amber-300">{t("pendingChapters", { count: row.pendingChapters })}</span>}
      {row.rejectedChapters > 0 && <RejectedChapters row={row} ctx={ctx} />}
      {row.processingChapters > 0 && (
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-sky-700 dark:text-sky-300">
          <Loader2 className="size-3 animate-spin" aria-hidden />
          {t("editor.processing")}
        </span>
      )}
    </div>
  );
}

/**
 * Rejected chapters (issue 31, 6b): how many, the latest one's reason as root wrote it, and a link to the editor's
 * chapter list, where every chapter shows its own review note.
 */
function RejectedChapters({ row, ctx: { t, note } }: { row: ManagedMangaRow; ctx: ListContext }) {
  const last = row.lastRejected;
  return (
    <div className="mt-1 flex max-w-64 flex-col items-start gap-1" data-testid="rejected-chapters">
      <span className="text-xs font-semibold text-red-700 dark:text-red-400">{t("rejectedChapters", { count: row.rejectedChapters })}</span>
      {last?.note && (
        <p className="rounded-lg bg-red-50 px-2 py-1 text-xs break-words text-red-800 dark:bg-red-500/10 dark:text-red-300" data-testid="rejected-note">
          <span className="font-semibold">{t("rejectedReason", { title: isolate(last.title) })}: </span>
          <span dir="auto" className="whitespace-pre-line">{note(last.note)}</span>
        </p>
      )}
      {/* Named by its visible text (label in name), the title after it for a list of links read alone. */}
      <Link href={`${editHref(row.id)}#chapters`} className={`${textLinkClass} text-xs`}>
        {t("rejectedAll")}
        <span className="sr-only">: {isolate(row.title)}</span>
      </Link>
    </div>
  );
}

/** Edit, chapters, analytics and delete. In the table, two a row (the kit's buttons are a little wider than the old ones and would stack one a row). */
function Actions({ row, t, grid = false }: { row: ManagedMangaRow; t: T; grid?: boolean }) {
  return (
    <div className={grid ? "grid grid-cols-[repeat(2,auto)] justify-start justify-items-start gap-1" : "flex flex-wrap items-center gap-1"}>
      <Link href={editHref(row.id)} className={action} aria-label={t("editLabel", { title: row.title })}>
        <Pencil className="size-4" aria-hidden />
        <span>{t("edit")}</span>
      </Link>
      <Link href={`${editHref(row.id)}#chapters`} className={action} aria-label={t("chaptersLabel", { title: row.title })}>
        <Layers className="size-4" aria-hidden />
        <span>{t("chapters")}</span>
      </Link>
      <AnalyticsButton mangaId={row.id} title={row.title} />
      <DeleteMangaButton mangaId={row.id} title={row.title} />
    </div>
  );
}

/**
 * The managed manga as a table on wide screens and as cards on phones (the same rows; the other layout is not
 * displayed): cover, title, status with the review note, chapters (with those pending or processing), views,
 * favourites, and edit / chapters / analytics (issue 16 §4) / delete.
 */
export async function ManagedMangaList({ rows, showAuthor }: { rows: readonly ManagedMangaRow[]; showAuthor: boolean }) {
  const [t, locale] = await Promise.all([getTranslations("management"), getLocale()]);
  const ctx: ListContext = {
    t,
    number: (n: number) => n.toLocaleString(locale),
    author: (row) => (row.author.username ? `@${row.author.username}` : t("unknownAuthor")),
    // A note written from a review template reads in the page's language (lib/review-notes.ts).
    note: (text: string) => reviewNoteIn(text, locale === "ar" ? "ar" : "en"),
  };

  const { number, author } = ctx;

  return (
    <>
      <div className="hidden overflow-x-auto rounded-3xl border border-zinc-200 bg-white shadow-sm md:block dark:border-zinc-800 dark:bg-zinc-900">
        <table className="w-full text-start text-sm" data-testid="managed-table">
          <caption className="sr-only">{t("tableCaption")}</caption>
          <thead className="border-b border-zinc-200 bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-4 py-3 text-start font-semibold">{t("columns.cover")}</th>
              <th scope="col" className="px-4 py-3 text-start font-semibold">{t("columns.title")}</th>
              {showAuthor && <th scope="col" className="px-4 py-3 text-start font-semibold">{t("columns.author")}</th>}
              <th scope="col" className="px-4 py-3 text-start font-semibold">{t("columns.status")}</th>
              <th scope="col" className="px-4 py-3 text-start font-semibold">{t("columns.chapters")}</th>
              <th scope="col" className="px-4 py-3 text-end font-semibold">{t("columns.views")}</th>
              <th scope="col" className="px-4 py-3 text-end font-semibold">{t("columns.favorites")}</th>
              <th scope="col" className="px-4 py-3 text-start font-semibold">{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {rows.map((row) => (
              <tr key={row.id} data-testid="managed-row" data-manga-id={row.id} className="align-top">
                <td className="px-4 py-3"><Cover row={row} className="h-16 w-11" t={t} /></td>
                <td className="max-w-64 px-4 py-3">
                  <Link href={editHref(row.id)} className="font-semibold break-words text-zinc-900 underline-offset-4 hover:underline dark:text-zinc-100" dir="auto">{row.title}</Link>
                </td>
                {showAuthor && <td dir="auto" className="px-4 py-3 text-zinc-600 dark:text-zinc-400">{author(row)}</td>}
                <td className="px-4 py-3"><Status row={row} ctx={ctx} /></td>
                <td className="min-w-52 px-4 py-3"><Chapters row={row} ctx={ctx} /></td>
                <td className="px-4 py-3 text-end tabular-nums">{number(row.views)}</td>
                <td className="px-4 py-3 text-end tabular-nums">{number(row.favorites)}</td>
                <td className="px-4 py-2"><Actions row={row} t={t} grid /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ManagedCards rows={rows} showAuthor={showAuthor} ctx={ctx} />
    </>
  );
}

/** The phones' cards: cover, title, author and status, the three counts, chapters waiting, and the actions. */
function ManagedCards({ rows, showAuthor, ctx }: { rows: readonly ManagedMangaRow[]; showAuthor: boolean; ctx: ListContext }) {
  const { t } = ctx;
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label={t("tableCaption")} data-testid="managed-cards">
      {rows.map((row) => (
        <li key={row.id} className="rounded-2xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid="managed-card" data-manga-id={row.id}>
          <div className="flex gap-3">
            <Cover row={row} className="h-24 w-16 shrink-0" t={t} />
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <Link href={editHref(row.id)} className="font-semibold break-words underline-offset-4 hover:underline" dir="auto">{row.title}</Link>
              {showAuthor && <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("by", { author: isolate(ctx.author(row)) })}</p>}
              <Status row={row} ctx={ctx} />
            </div>
          </div>
          <CardCounts row={row} ctx={ctx} />
          {(row.pendingChapters > 0 || row.rejectedChapters > 0 || row.processingChapters > 0) && <div className="mt-2"><Chapters row={row} ctx={ctx} /></div>}
          <div className="mt-2 border-t border-zinc-100 pt-2 dark:border-zinc-800"><Actions row={row} t={t} /></div>
        </li>
      ))}
    </ul>
  );
}

/** A card's chapters, views and favourites. */
function CardCounts({ row, ctx: { t, number } }: { row: ManagedMangaRow; ctx: ListContext }) {
  return (
    <dl className="mt-3 grid grid-cols-3 gap-2 rounded-xl bg-zinc-50 p-2 text-center text-xs dark:bg-zinc-950">
      <div>
        <dt className="flex items-center justify-center gap-1 text-zinc-600 dark:text-zinc-400"><BookOpen className="size-3.5" aria-hidden />{t("columns.chapters")}</dt>
        <dd className="mt-0.5 font-bold tabular-nums">{number(row.totalChapters)}</dd>
      </div>
      <div>
        <dt className="flex items-center justify-center gap-1 text-zinc-600 dark:text-zinc-400"><Eye className="size-3.5" aria-hidden />{t("columns.views")}</dt>
        <dd className="mt-0.5 font-bold tabular-nums">{number(row.views)}</dd>
      </div>
      <div>
        <dt className="flex items-center justify-center gap-1 text-zinc-600 dark:text-zinc-400"><Heart className="size-3.5" aria-hidden />{t("columns.favorites")}</dt>
        <dd className="mt-0.5 font-bold tabular-nums">{number(row.favorites)}</dd>
      </div>
    </dl>
  );
}
