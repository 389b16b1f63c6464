"use client";

import { ArrowLeft, ArrowRight, GripVertical, ImagePlus, Images, Replace, Trash2, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useApiMutation } from "@/components/providers/api-query";
import { Banner } from "@/components/ui/Banner";
import { Button, IconButton } from "@/components/ui/Button";
import { cx } from "@/components/ui/cx";
import { FilePicker } from "@/components/ui/FilePicker";
import { notifySuccess } from "@/components/ui/toast";
import { useRouter } from "@/i18n/client";
import { isApiError } from "@/lib/api-client";
import type { ManagedChapter } from "@/server/publishing/managed";
import { UPLOAD_LIMITS } from "./file-checks";
import { useDragReorder } from "./use-drag-reorder";

const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif";

/** A page the chapter has now: its current number and its small (350 px) image. */
export interface StoredPageView {
  pageNumber: number;
  thumbnail: string;
  width: number;
  height: number;
}

type Item =
  | { key: string; kind: "kept"; page: number; url: string; width: number; height: number }
  | { key: string; kind: "new"; file: File; url: string };

let nextKey = 0;
const newItem = (file: File): Item => ({ key: `new-${nextKey++}`, kind: "new", file, url: URL.createObjectURL(file) });
const keptItems = (pages: readonly StoredPageView[]): Item[] =>
  pages.map((p) => ({ key: `page-${p.pageNumber}`, kind: "kept", page: p.pageNumber, url: p.thumbnail, width: p.width, height: p.height }));

/**
 * A chapter's pages fixed in place (issue 31 item 5, ADR 013 "Fixing pages in place"): a grid of thumbnails in reading
 * order, each with Replace, Remove and Move earlier / later (the keyboard and screen-reader path; moves are announced),
 * dragging with a mouse, and Insert pages after any page or at the end. Nothing is sent until Save, which sends one
 * UpdateChapter with the new order (`pageOrder`: kept pages by number, new images by index) and the new images only.
 */
export function PageManager({
  chapterId,
  pages,
  pdf,
  processing,
  backToReview,
}: {
  chapterId: number;
  pages: readonly StoredPageView[];
  /** A PDF chapter: its pages are not managed here (a new PDF replaces them, from the chapter list). */
  pdf: boolean;
  processing: boolean;
  /** Saving page changes sends this accepted chapter back to review (an untrusted writer's). */
  backToReview: boolean;
}) {
  const t = useTranslations("management.pages");
  const tu = useTranslations("upload");
  const router = useRouter();
  const [items, setItems] = useState<Item[]>(() => keptItems(pages));
  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const focusNext = useRef<string | null>(null);
  const urls = useRef(new Set<string>());

  // Object URLs of chosen files are released when the manager goes (a save remounts it with the stored pages).
  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const save = useApiMutation(
    (api, form: FormData) => api<ManagedChapter>("/api/chapter/UpdateChapter", { method: "PUT", body: form }),
    {
      onSuccess: () => {
        notifySuccess(t("saved"));
        router.refresh();
      },
      onError: (error) => {
        setFailure(isApiError(error) && error.kind === "HTTP" ? (error.fieldErrors.pageOrder?.[0] ?? error.fieldErrors.pages?.[0] ?? error.message) : tu("networkError"));
      },
    },
  );
  const busy = save.isPending;


  const dirty = items.length !== pages.length || items.some((item, i) => item.kind !== "kept" || item.page !== pages[i]?.pageNumber);

  /** Checks files before they join the list: images within the size cap, the chapter within the page cap. */
  const accept = (files: File[], replacing = 0): File[] | null => {
    const tooBig = files.find((f) => f.size > UPLOAD_LIMITS.imageMaxBytes);
    const notImage = files.find((f) => !IMAGE_TYPES.split(",").includes(f.type));
    if (notImage) return refuse(t("notImage", { name: notImage.name }));
    if (tooBig) return refuse(t("tooBig", { name: tooBig.name }));
    if (items.length - replacing + files.length > UPLOAD_LIMITS.maxPages) return refuse(t("tooMany", { max: UPLOAD_LIMITS.maxPages }));
    setProblem(null);
    return files;
  };
  const refuse = (text: string) => {
    setProblem(text);
    return null;
  };
  const track = (item: Item) => {
    if (item.kind === "new") urls.current.add(item.url);
    return item;
  };
  const release = (item: Item | undefined) => {
    if (item?.kind === "new") {
      URL.revokeObjectURL(item.url);
      urls.current.delete(item.url);
    }
  };

  const move = (from: number, to: number, viaButton: "earlier" | "later" | null = null) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    setItems(next);
    setFailure(null);
    setAnnouncement(t("movedTo", { position: to + 1, count: next.length }));
    if (viaButton) {
      // Focus stays on the moved page's button (or its other one at either end).
      const edge = (viaButton === "earlier" && to === 0) || (viaButton === "later" && to === next.length - 1);
      focusNext.current = `${item!.key}-${edge ? (viaButton === "earlier" ? "later" : "earlier") : viaButton}`;
    }
  };
  const remove = (index: number) => {
    if (items.length <= 1) return;
    release(items[index]);
    const next = items.filter((_, i) => i !== index);
    setItems(next);
    setFailure(null);
    setAnnouncement(t("removed", { number: index + 1, count: next.length }));
    const neighbour = next[Math.min(index, next.length - 1)];
    focusNext.current = neighbour ? `${neighbour.key}-remove` : null;
  };
  const replace = (index: number, files: File[]) => {
    const chosen = accept(files.slice(0, 1), 1);
    if (!chosen?.[0]) return;
    release(items[index]);
    const fresh = track(newItem(chosen[0]));
    setItems(items.map((item, i) => (i === index ? fresh : item)));
    setFailure(null);
    setAnnouncement(t("replaced", { number: index + 1 }));
    // The replaced page is a new item: focus goes to its own Replace.
    focusNext.current = `${fresh.key}-replace`;
  };
  /** Inserts files after the page at `index` (-1: at the start; the last index: at the end). */
  const insert = (index: number, files: File[]) => {
    const chosen = accept(files);
    if (!chosen || chosen.length === 0) return;
    const fresh = chosen.map((f) => track(newItem(f)));
    setItems([...items.slice(0, index + 1), ...fresh, ...items.slice(index + 1)]);
    setFailure(null);
    setAnnouncement(t("inserted", { count: fresh.length, position: index + 2 }));
  };
  const undo = () => {
    items.forEach(release);
    setItems(keptItems(pages));
    setProblem(null);
    setFailure(null);
    setAnnouncement(t("undone"));
  };
  const submit = () => {
    setFailure(null);
    const form = new FormData();
    form.set("chapterId", String(chapterId));
    const order: Array<{ page: number } | { file: number }> = [];
    let files = 0;
    for (const item of items) {
      if (item.kind === "kept") order.push({ page: item.page });
      else {
        order.push({ file: files++ });
        form.append("pages", item.file, item.file.name);
      }
    }
    form.set("pageOrder", JSON.stringify(order));
    save.mutate(form);
  };

  const drag = useDragReorder((from, to) => move(from, to), busy);

  if (pdf || processing) {
    return (
      <Banner tone="info" testId="pages-pdf">
        {processing ? t("processing") : t("pdf")}
      </Banner>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      {backToReview && <Banner tone="info" testId="pages-review">{t("backToReview")}</Banner>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold" data-testid="pages-count">{t("count", { count: items.length })}</p>
        <FilePicker label={t("addAtEnd")} icon={<Images aria-hidden />} accept={IMAGE_TYPES} multiple variant="secondary" size="sm" disabled={busy} testId="pages-add" onFiles={(files) => insert(items.length - 1, files)} />
      </div>
      {problem && <Banner tone="error" testId="pages-problem">{problem}</Banner>}
      <ol aria-label={t("list")} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="pages-grid">
        {items.map((item, index) => {
          const number = index + 1;
          return (
            <li
              key={item.key}
              {...drag.itemProps(index)}
              data-testid="pages-item"
              data-kind={item.kind}
              data-page={item.kind === "kept" ? item.page : undefined}
              className={cx(
                "flex min-w-0 flex-col gap-2 rounded-2xl border bg-white p-2 transition dark:bg-zinc-900",
                item.kind === "new" ? "border-brand-400 dark:border-brand-500/60" : "border-zinc-200 dark:border-zinc-800",
                drag.highlight(index) === "target" && "ring-2 ring-brand-500",
                drag.highlight(index) === "dragged" && "opacity-50",
              )}
            >
              <div className="relative grid aspect-[2/3] w-full cursor-grab place-items-center overflow-hidden rounded-xl bg-zinc-100 dark:bg-zinc-800">
                {/* eslint-disable-next-line @next/next/no-img-element -- a stored page's small image or a chosen file's object URL */}
                <img src={item.url} alt={t("thumbnailAlt", { number })} loading="lazy" decoding="async" className="max-h-full max-w-full object-contain" {...(item.kind === "kept" ? { width: item.width, height: item.height } : {})} />
                <GripVertical className="absolute start-1 top-1 size-4 text-zinc-500" aria-hidden />
              </div>
              <div className="min-w-0 px-1">
                <p className="text-sm font-semibold">{t("page", { number })}</p>
                <p className="truncate text-xs text-zinc-600 dark:text-zinc-400" dir={item.kind === "new" ? "auto" : undefined} title={item.kind === "new" ? item.file.name : undefined}>
                  {item.kind === "new" ? t("newFile", { name: item.file.name }) : item.page === number ? t("unchanged") : t("wasPage", { number: item.page })}
                </p>
              </div>
              <div className="flex items-center justify-between gap-0.5">
                <IconButton id={`${item.key}-earlier`} label={t("moveEarlier", { number })} icon={<ArrowLeft className="rtl:rotate-180" aria-hidden />} disabled={busy || index === 0} onClick={() => move(index, index - 1, "earlier")} />
                <IconButton id={`${item.key}-later`} label={t("moveLater", { number })} icon={<ArrowRight className="rtl:rotate-180" aria-hidden />} disabled={busy || index === items.length - 1} onClick={() => move(index, index + 1, "later")} />
                <IconButton id={`${item.key}-remove`} label={t("remove", { number })} icon={<Trash2 aria-hidden />} tone="danger" disabled={busy || items.length <= 1} onClick={() => remove(index)} />
              </div>
              <div className="flex flex-col gap-1.5">
                <FilePicker
                  id={`${item.key}-replace`}
                  label={<>{t("replace")}<span className="sr-only"> {t("page", { number })}</span></>}
                  icon={<Replace className="max-sm:hidden" aria-hidden />}
                  accept={IMAGE_TYPES}
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  testId="pages-replace"
                  onFiles={(files) => replace(index, files)}
                />
                <FilePicker
                  label={<>{t("insertAfter")}<span className="sr-only"> {t("page", { number })}</span></>}
                  icon={<ImagePlus className="max-sm:hidden" aria-hidden />}
                  accept={IMAGE_TYPES}
                  multiple
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  testId="pages-insert"
                  onFiles={(files) => insert(index, files)}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <p className="sr-only" role="status" aria-live="polite" data-testid="pages-announcement">{announcement}</p>
      {failure && <Banner tone="error" testId="pages-failure">{failure}</Banner>}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button variant="secondary" icon={<Undo2 className="size-4" aria-hidden />} disabled={busy || !dirty} onClick={undo}>
          {t("undo")}
        </Button>
        <Button loading={busy} disabled={!dirty} onClick={submit} data-testid="pages-save">
          {busy ? t("saving") : t("save")}
        </Button>
      </div>
    </div>
  );
}
