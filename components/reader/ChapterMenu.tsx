"use client";

import { useEffect, useId, useRef } from "react";
import { useTranslations } from "next-intl";
import { Check, ChevronDown, Download, Lock } from "lucide-react";
import { Link } from "@/i18n/navigation";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { useDismiss } from "@/components/ui/use-dismiss";
import { READER } from "@/lib/reader-constants";
import { isPremiumNow } from "@/lib/premium";
import { chapterTag, truncate } from "./reader-utils";

export interface MenuChapter {
  id: number;
  title: string;
  number: number;
  status: number;
  isPremium: boolean;
  /** A timed premium window's end (ISO): free for everyone from then, so no lock. */
  freeAt?: string | null;
  progress: { pageNumber: number; completed: boolean } | null;
}

/**
 * The header's chapter dropdown (spec §2): the manga title and the current chapter on the button (shortened on
 * phones), a list numbered #01… with the chapter count, a Current marker on this chapter and Reading / Read
 * markers from the viewer's progress. Choosing a chapter opens it.
 */
export function ChapterMenu(props: {
  mangaId: number;
  mangaTitle: string;
  chapters: readonly MenuChapter[];
  currentId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  compact: boolean;
  /** Offer "Save for offline" for this chapter (the reading view; issue 32). */
  saveOffline?: boolean;
}) {
  const { mangaId, mangaTitle, chapters, currentId, open, onOpenChange, compact } = props;
  const t = useTranslations("reader");
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const currentIndex = chapters.findIndex((c) => c.id === currentId);
  const current = chapters[currentIndex];
  const chapterTitle = current ? `${chapterTag(currentIndex + 1)} ${current.title}` : "";

  // Escape is the reader's own hotkey (it closes every panel).
  useDismiss(root, open, () => onOpenChange(false), { escape: false });
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView({ block: "nearest" });
  }, [open]);

  return (
    // Dark whatever the site's theme (the reader always is): the kit's ghost button draws its dark look.
    <div ref={root} className="dark relative min-w-0">
      <Button
        variant="ghost"
        size="sm"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        data-testid="chapter-menu-button"
        onClick={() => onOpenChange(!open)}
        className="max-w-full"
      >
        <span className="min-w-0 text-start">
          <span data-testid="reader-manga-title" dir="auto" className="block truncate text-xs font-semibold text-zinc-400">
            {compact ? truncate(mangaTitle, READER.truncate.manga) : mangaTitle}
          </span>
          <span data-testid="reader-chapter-title" dir="auto" className="block truncate text-sm font-bold text-white">
            {compact ? truncate(chapterTitle, READER.truncate.chapter) : chapterTitle}
          </span>
        </span>
        <span className="sr-only">{t("openChapterList")}</span>
        <ChevronDown className={`size-4 shrink-0 text-zinc-400 transition ${open ? "rotate-180" : ""}`} aria-hidden />
      </Button>
      {open && (
        <ChapterPanel id={listId} mangaId={mangaId} mangaTitle={mangaTitle} chapters={chapters} currentId={currentId} onChoose={() => onOpenChange(false)} saveOffline={props.saveOffline} />
      )}
    </div>
  );
}

/** The open list: the manga title and chapter count over the chapters. */
function ChapterPanel({ id, mangaId, mangaTitle, chapters, currentId, onChoose, saveOffline }: {
  id: string;
  mangaId: number;
  mangaTitle: string;
  chapters: readonly MenuChapter[];
  currentId: number;
  onChoose: () => void;
  saveOffline?: boolean;
}) {
  const t = useTranslations("reader");
  return (
    <div
      id={id}
      // Under the title on wider screens; on phones, where the title is off-centre, across the screen below the
      // header (the header's backdrop filter makes it the box `fixed` is placed in: full width, 3.5 rem high).
      className="absolute start-1/2 top-full z-40 mt-2 w-[min(24rem,calc(100vw-1.5rem))] -translate-x-1/2 overflow-hidden rounded-2xl border border-white/10 bg-zinc-900 shadow-2xl shadow-black/60 rtl:translate-x-1/2 max-sm:fixed max-sm:inset-x-3 max-sm:top-14 max-sm:w-auto max-sm:translate-x-0 max-sm:rtl:translate-x-0"
      data-testid="chapter-menu-panel"
    >
      <div className="flex items-baseline justify-between gap-3 border-b border-white/10 px-4 py-3">
        <p dir="auto" className="truncate font-bold text-white">{mangaTitle}</p>
        <p className="shrink-0 text-xs font-semibold text-zinc-400" data-testid="chapter-count">{t("chapterCount", { count: chapters.length })}</p>
      </div>
      <ul className="max-h-[min(26rem,60dvh)] overflow-y-auto py-1">
        {chapters.map((c, i) => (
          <ChapterRow key={c.id} chapter={c} index={i} mangaId={mangaId} isCurrent={c.id === currentId} onChoose={onChoose} />
        ))}
      </ul>
      {saveOffline && (
        // The offline page saves it (with its progress and size) and lists what is saved: no offline code in the reader.
        <Link
          href={`/offline?save=${currentId}&manga=${mangaId}`}
          data-testid="save-offline"
          className="flex items-center gap-2 border-t border-white/10 px-4 py-3 text-sm font-semibold text-zinc-200 transition hover:bg-white/5 hover:text-white"
        >
          <Download className="size-4 shrink-0 text-brand-400" aria-hidden />
          {t("saveOffline")}
        </Link>
      )}
    </div>
  );
}

/** One chapter of the list, #01…, with its lock, review state and Current / Read / Reading marker. */
function ChapterRow({ chapter: c, index: i, mangaId, isCurrent, onChoose }: {
  chapter: MenuChapter;
  index: number;
  mangaId: number;
  isCurrent: boolean;
  onChoose: () => void;
}) {
  const t = useTranslations("reader");
  return (
    <li>
      <Link
        href={`/manga-reader/${mangaId}/${c.id}`}
        aria-current={isCurrent ? "page" : undefined}
        onClick={onChoose}
        className={`flex items-center gap-3 px-4 py-2.5 text-sm transition ${isCurrent ? "bg-brand-600/20 text-white" : "text-zinc-300 hover:bg-white/5 hover:text-white"}`}
      >
        <span className="w-9 shrink-0 font-mono text-xs font-bold text-zinc-500">{chapterTag(i + 1)}</span>
        <span dir="auto" className="min-w-0 flex-1 truncate font-medium">{c.title}</span>
        {isPremiumNow(c) && <Lock role="img" className="size-3.5 shrink-0 text-amber-400" aria-label={t("premium")} data-testid="chapter-lock" />}
        {c.status === 0 && <Badge tone="amber">{t("pending")}</Badge>}
        {c.status === 2 && <Badge tone="red">{t("rejected")}</Badge>}
        {isCurrent ? (
          <Badge tone="brand">{t("current")}</Badge>
        ) : c.progress?.completed ? (
          <Check className="size-4 shrink-0 text-emerald-400" aria-label={t("finished")} />
        ) : c.progress ? (
          <Badge tone="zinc">{t("reading")}</Badge>
        ) : null}
      </Link>
    </li>
  );
}
