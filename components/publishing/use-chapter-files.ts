"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { checkPage, checkPdf, duplicateOf, moveItem, UPLOAD_LIMITS, type PdfProblem } from "./file-checks";
import type { PendingPage } from "./PageList";

export type ChapterKind = "images" | "pdf";
export interface PendingPdf {
  file: File;
  problems: PdfProblem[] | null;
}

let nextId = 0;

/**
 * The files of a chapter being added: either page images (each checked in the browser, reorderable, removable, with
 * their thumbnails' object URLs released when removed or on leaving) or one PDF (checked). `ready()` says whether
 * they can be sent, putting the reason under the drop zone when it is the files' count.
 */
export function useChapterFiles(announce: (text: string) => void) {
  const t = useTranslations("upload");
  const tc = useTranslations("upload.checks");
  const [kind, setKind] = useState<ChapterKind>("images");
  const [pages, setPages] = useState<PendingPage[]>([]);
  const [pdf, setPdf] = useState<PendingPdf | null>(null);
  const [error, setError] = useState<string | null>(null);
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const live = urls.current;
    return () => live.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const duplicates = useMemo(() => duplicateOf(pages.map((p) => p.check?.hash ?? null)), [pages]);
  const problemCount = pages.filter((p) => (p.check?.problems.length ?? 0) > 0).length;

  const addImages = (files: readonly File[]) => {
    if (files.length === 0) return;
    setError(null);
    const added = files.map((file): PendingPage => {
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      return { id: `p${++nextId}`, file, url, check: null };
    });
    setPages((current) => [...current, ...added]);
    for (const page of added) {
      void checkPage(page.file).then((check) => setPages((current) => current.map((p) => (p.id === page.id ? { ...p, check } : p))));
    }
  };
  const removePage = (index: number) => {
    setPages((current) => {
      const gone = current[index];
      if (gone) {
        URL.revokeObjectURL(gone.url);
        urls.current.delete(gone.url);
      }
      return current.filter((_, i) => i !== index);
    });
  };
  const movePage = (from: number, to: number) => {
    if (to < 0 || to >= pages.length) return;
    setPages((current) => moveItem(current, from, to));
    announce(t("moved", { number: to + 1 }));
  };
  const clearPages = () => {
    for (const p of pages) URL.revokeObjectURL(p.url);
    setPages([]);
  };
  const choosePdf = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setPdf({ file, problems: null });
    void checkPdf(file).then((problems) => setPdf((current) => (current?.file === file ? { file, problems } : current)));
  };
  const drop = (files: File[]) => (kind === "pdf" ? choosePdf(files[0]) : addImages(files));

  const ready = (): boolean => {
    if (kind === "pdf" ? !pdf : pages.length === 0) {
      setError(t("filesRequired"));
      return false;
    }
    if (kind === "pdf") return Boolean(pdf?.problems && pdf.problems.length === 0);
    if (pages.length > UPLOAD_LIMITS.maxPages) setError(tc("tooManyPages", { max: UPLOAD_LIMITS.maxPages }));
    return problemCount === 0 && pages.every((p) => p.check) && pages.length <= UPLOAD_LIMITS.maxPages;
  };

  /** The chosen files into the chapter's multipart body. */
  const appendTo = (body: FormData) => {
    if (kind === "pdf" && pdf) body.set("pdf", pdf.file, pdf.file.name);
    else for (const page of pages) body.append("pages", page.file, page.file.name);
  };

  const clear = () => {
    clearPages();
    setPdf(null);
  };

  return { kind, setKind, pages, pdf, error, setError, duplicates, problemCount, addImages, removePage, movePage, clearPages, choosePdf, removePdf: () => setPdf(null), drop, ready, appendTo, clear };
}

export type ChapterFiles = ReturnType<typeof useChapterFiles>;
