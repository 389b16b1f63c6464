"use client";

import { AlertCircle, ArrowDown, ArrowUp, CalendarClock, CheckCircle2, Crown, Images, Loader2, Pencil, Trash2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useApiMutation } from "@/components/providers/api-query";
import type { BoundApiRequest } from "@/components/providers/use-api";
import { Button, buttonClass, IconButton } from "@/components/ui/Button";
import { notifyError, notifySuccess } from "@/components/ui/toast";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Link, useRouter } from "@/i18n/client";
import { isPremiumNow } from "@/lib/premium";
import type { ManagedChapter } from "@/server/publishing/managed";
import { ChapterEditDialog } from "./ChapterEditDialog";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { StatusChip } from "./StatusChip";

/** While any chapter's pages are being prepared, the page is read again this often. */
export const PROCESSING_POLL_MS = 2000;

const INGEST_CODES = [
  "EMPTY", "TOO_MANY_PAGES", "TOO_LARGE", "NOT_A_PDF", "ENCRYPTED", "MALFORMED", "TOO_COMPLEX", "UNSUPPORTED_IMAGE", "TOO_MANY_PIXELS", "CORRUPT_IMAGE",
] as const;

/**
 * A manga's chapters for its author or root (docs/decisions/013): each with its review state and note, premium flag,
 * scheduled release and page processing (processing / failed with the reason / ready); edit, move up and down
 * (UpdateChapter `number`), open its pages (PageManager's page) and delete (confirmed). While a PDF is being processed the page refreshes every 2 s.
 */
export function ChapterList({ chapters }: { chapters: readonly ManagedChapter[] }) {
  const t = useTranslations("management.editor");
  const tm = useTranslations("management");
  const router = useRouter();
  const [editing, setEditing] = useState<ManagedChapter | null>(null);
  const [deleting, setDeleting] = useState<ManagedChapter | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const { update, move, remove } = useChapterWrites(setAnnouncement, () => setDeleting(null));
  const busy = move.isPending || remove.isPending;

  const processing = chapters.some((c) => c.processing === 1);
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => router.refresh(), PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, router]);

  if (chapters.length === 0) {
    return <p className="rounded-2xl border-2 border-dashed border-zinc-200 px-4 py-8 text-center text-sm text-zinc-500 dark:border-zinc-800 dark:text-zinc-400" data-testid="no-chapters">{t("noChapters")}</p>;
  }

  return (
    <>
      <ol className="flex flex-col gap-2" aria-label={t("chapters")} data-testid="chapter-list">
        {chapters.map((chapter, index) => (
          <li key={chapter.id} className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-3 sm:flex-row sm:items-center sm:p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid="chapter-item" data-chapter-id={chapter.id}>
            <ChapterSummary chapter={chapter} />
            <div className="flex flex-wrap items-center gap-1 sm:shrink-0">
              <IconButton label={t("moveUpLabel", { title: chapter.title })} icon={<ArrowUp aria-hidden />} disabled={busy || index === 0} onClick={() => move.mutate({ chapter, to: chapter.number - 1 })} />
              <IconButton label={t("moveDownLabel", { title: chapter.title })} icon={<ArrowDown aria-hidden />} disabled={busy || index === chapters.length - 1} onClick={() => move.mutate({ chapter, to: chapter.number + 1 })} />
              <Button variant="ghost" size="sm" icon={<Pencil className="size-4" aria-hidden />} disabled={busy} onClick={() => setEditing(chapter)} aria-label={t("editChapterLabel", { title: chapter.title })}>
                {t("editChapter")}
              </Button>
              {/* The page manager (issue 31 item 5): a page of its own, where a grid of thumbnails fits a phone. */}
              <Link href={`/dashboard/manga-approval/editor/${chapter.mangaId}/chapters/${chapter.id}`} className={buttonClass({ variant: "ghost", size: "sm" })} aria-label={t("managePagesLabel", { title: chapter.title })} data-testid="chapter-pages-link">
                <Images className="size-4" aria-hidden />
                {t("managePages")}
              </Link>
              <Button variant="dangerGhost" size="sm" icon={<Trash2 className="size-4" aria-hidden />} disabled={busy} onClick={() => setDeleting(chapter)} aria-label={t("deleteChapterLabel", { title: chapter.title })}>
                {t("deleteChapter")}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <p className="sr-only" role="status" aria-live="polite">{announcement}</p>
      {editing && (
        <ChapterEditDialog
          chapter={editing}
          onClose={() => setEditing(null)}
          save={async (values) => {
            await update.mutateAsync({
              chapterId: editing.id,
              title: values.title,
              isPremium: values.isPremium,
              publishAt: values.publishAt ?? "",
              // The free date only when it changed (a stored one may have passed; the server refuses a past one).
              ...(sameInstant(values.freeAt, editing.freeAt) ? {} : { freeAt: values.freeAt ?? "" }),
            });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("deleteTitle")}
        confirmLabel={tm("deleteConfirm")}
        busyLabel={tm("deleting")}
        cancelLabel={tm("cancel")}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        {t("deleteText", { title: deleting?.title ?? "" })}
      </ConfirmDialog>
    </>
  );
}

/** The chapter list's writes (UpdateChapter for an edit or a move, DeleteChapter); each reads the page again after. */
function useChapterWrites(announce: (text: string) => void, deleted: () => void) {
  const t = useTranslations("management.editor");
  const tu = useTranslations("upload");
  const router = useRouter();
  const fail = (error: unknown) => notifyError(error, tu("networkError"));
  const put = (api: BoundApiRequest, body: Record<string, unknown>) => api<ManagedChapter>("/api/chapter/UpdateChapter", { method: "PUT", body });
  const update = useApiMutation(put, {
    onSuccess: () => {
      notifySuccess(t("saved"));
      router.refresh();
    },
  });
  const move = useApiMutation((api, { chapter, to }: { chapter: ManagedChapter; to: number }) => put(api, { chapterId: chapter.id, number: to }), {
    onSuccess: () => {
      announce(t("moved"));
      router.refresh();
    },
    onError: fail,
  });
  const remove = useApiMutation((api, chapter: ManagedChapter) => api("/api/chapter/DeleteChapter", { method: "DELETE", body: { chapterId: chapter.id } }), {
    onSuccess: () => {
      notifySuccess(t("deleted"));
      deleted();
      router.refresh();
    },
    onError: fail,
  });
  return { update, move, remove };
}

/** A chapter's number, title, state, premium lock, pages (or their processing), release date and review note. */
function ChapterSummary({ chapter }: { chapter: ManagedChapter }) {
  const t = useTranslations("management.editor");
  const tm = useTranslations("management");
  const ti = useTranslations("management.ingestErrors");
  const tp = useTranslations("premium");
  const locale = useLocale();
  const hydrated = useHydrated();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", ...(hydrated ? {} : { timeZone: "UTC" }) }).format(new Date(iso)) + (hydrated ? "" : " UTC");
  const ingestError = (code: string | null) => (code && (INGEST_CODES as readonly string[]).includes(code) ? ti(code as (typeof INGEST_CODES)[number]) : ti("unknown"));
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-zinc-100 text-sm font-bold tabular-nums dark:bg-zinc-800">{t("number", { number: String(chapter.number).padStart(2, "0") })}</span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="min-w-0 font-semibold break-words" dir="auto">{chapter.title}</h4>
          <StatusChip status={chapter.status} label={tm(`statuses.${chapter.status as 0 | 1 | 2}`)} />
          {isPremiumNow(chapter) && (
            <span className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-800 ring-1 ring-inset ring-violet-600/20 dark:bg-violet-500/10 dark:text-violet-300" data-testid="chapter-lock">
              <Crown className="size-3.5" aria-hidden />
              {chapter.freeAt ? tp("lockUntil", { date: date(chapter.freeAt) }) : t("premium")}
            </span>
          )}
        </div>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
          {chapter.processing === 1 ? (
            <span className="inline-flex items-center gap-1 font-semibold text-sky-700 dark:text-sky-300" data-testid="chapter-processing">
              <Loader2 className="size-3.5 animate-spin" aria-hidden />
              {t("processing")}
            </span>
          ) : chapter.processing === 2 ? (
            <span className="inline-flex items-center gap-1 font-semibold text-red-700 dark:text-red-400" data-testid="chapter-failed">
              <AlertCircle className="size-3.5" aria-hidden />
              {t("processingFailed", { error: ingestError(chapter.processingError) })}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1" data-testid="chapter-ready">
              <CheckCircle2 className="size-3.5 text-emerald-600 dark:text-emerald-400" aria-hidden />
              {t("pages", { count: chapter.pageCount })}
            </span>
          )}
          {chapter.publishAt && (
            <span className="inline-flex items-center gap-1">
              <CalendarClock className="size-3.5" aria-hidden />
              {t("releasesAt", { date: date(chapter.publishAt) })}
            </span>
          )}
        </div>
        {chapter.reviewNote && (
          <p className={`mt-2 rounded-lg px-2.5 py-1.5 text-xs break-words ${chapter.status === 2 ? "bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300" : "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"}`} data-testid="chapter-note">
            {/* A resubmitted chapter (pending again) keeps the last review's note: say that it is the earlier one. */}
            <span className="font-semibold">{chapter.status === 0 ? tm("previousNote") : tm("note")}: </span>
            <span dir="auto" className="whitespace-pre-line">{chapter.reviewNote}</span>
          </p>
        )}
      </div>
    </div>
  );
}

/** Whether two optional ISO instants are the same moment (both empty counts as the same). */
function sameInstant(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return Date.parse(a) === Date.parse(b);
}
