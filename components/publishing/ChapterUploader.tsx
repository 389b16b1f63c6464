"use client";

import { FileText, FileUp, Images, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "react-toastify";
import { Banner, CheckboxField, FieldError, fieldBorder, inputClass, SubmitButton, TextField, useHydrated } from "@/components/auth/fields";
import { useRouter } from "@/i18n/client";
import { isApiError } from "@/lib/api-client";
import type { ChapterFormInput, ChapterFormValues } from "@/lib/validation/publishing";
import type { ManagedChapter } from "@/server/publishing/managed";
import { useChapterResolver } from "./use-chapter-resolver";
import { FreeAtField } from "@/components/premium/FreeAtField";
import { checkPage, checkPdf, duplicateOf, moveItem, UPLOAD_LIMITS, type PdfProblem } from "./file-checks";
import { PageList, type PendingPage } from "./PageList";
import { splitBytes } from "./upload-state";
import { UploadProgress } from "./UploadProgress";
import { useUpload } from "./use-upload";

type Kind = "images" | "pdf";
interface PendingPdf {
  file: File;
  problems: PdfProblem[] | null;
}

let nextId = 0;

/**
 * Adds a chapter to a manga (SubmitChapter): its title, premium flag and optional scheduled release, and either page
 * images (checked, reorderable, removable) or one PDF (checked). Sent as multipart with live progress (percentage,
 * speed, time left) and a cancel button; the chapter list refreshes when it is in, and a PDF shows its processing there.
 */
export function ChapterUploader({ mangaId }: { mangaId: number }) {
  const t = useTranslations("upload");
  const tc = useTranslations("upload.checks");
  const tu = useTranslations("upload.units");
  const router = useRouter();
  const hydrated = useHydrated();
  const { state, start, cancel } = useUpload();
  const resolver = useChapterResolver();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<ChapterFormInput, unknown, ChapterFormValues>({ resolver, mode: "onTouched", defaultValues: { title: "", isPremium: false, publishAt: "", freeAt: "" } });
  const premium = useWatch({ control, name: "isPremium" });

  const [kind, setKind] = useState<Kind>("images");
  const [pages, setPages] = useState<PendingPage[]>([]);
  const [pdf, setPdf] = useState<PendingPdf | null>(null);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState(false);
  // A new key gives a fresh (empty) PDF input after the file is removed or sent.
  const [pdfInputKey, setPdfInputKey] = useState(0);
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const live = urls.current;
    return () => live.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const size = (bytes: number) => {
    const { value, unit } = splitBytes(bytes);
    return `${value} ${tu(unit)}`;
  };
  const duplicates = useMemo(() => duplicateOf(pages.map((p) => p.check?.hash ?? null)), [pages]);
  const problemCount = pages.filter((p) => (p.check?.problems.length ?? 0) > 0).length;
  const busy = state.isUploading;

  const addImages = (files: readonly File[]) => {
    if (files.length === 0) return;
    setFilesError(null);
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
    setAnnouncement(t("moved", { number: to + 1 }));
  };
  const clearPages = () => {
    for (const p of pages) URL.revokeObjectURL(p.url);
    setPages([]);
  };
  const choosePdf = (file: File | undefined) => {
    if (!file) return;
    setFilesError(null);
    setPdf({ file, problems: null });
    void checkPdf(file).then((problems) => setPdf((current) => (current?.file === file ? { file, problems } : current)));
  };
  const dropFiles = (files: File[]) => {
    if (kind === "pdf") choosePdf(files[0]);
    else addImages(files);
  };

  const onSubmit = async (values: ChapterFormValues) => {
    setFailure(null);
    const usePdf = kind === "pdf";
    if (usePdf ? !pdf : pages.length === 0) {
      setFilesError(t("filesRequired"));
      return;
    }
    if (usePdf ? !pdf?.problems || pdf.problems.length > 0 : problemCount > 0 || pages.some((p) => !p.check) || pages.length > UPLOAD_LIMITS.maxPages) {
      if (!usePdf && pages.length > UPLOAD_LIMITS.maxPages) setFilesError(tc("tooManyPages", { max: UPLOAD_LIMITS.maxPages }));
      return;
    }
    const body = new FormData();
    body.set("mangaId", String(mangaId));
    body.set("title", values.title);
    body.set("isPremium", values.isPremium ? "true" : "false");
    if (values.publishAt) body.set("publishAt", values.publishAt);
    if (values.isPremium && values.freeAt) body.set("freeAt", values.freeAt);
    if (usePdf && pdf) body.set("pdf", pdf.file, pdf.file.name);
    else for (const page of pages) body.append("pages", page.file, page.file.name);

    const outcome = await start<ManagedChapter>("/api/chapter/SubmitChapter", body, usePdf ? "pdf" : "images");
    if (outcome.ok) {
      toast.success(usePdf ? t("uploadedPdf") : t("uploaded"));
      setAnnouncement(t("added", { title: outcome.data?.title ?? values.title }));
      reset();
      clearPages();
      setPdf(null);
      setPdfInputKey((k) => k + 1);
      router.refresh();
      return;
    }
    if (outcome.cancelled) {
      setAnnouncement(t("canceled"));
      return;
    }
    const error = outcome.error;
    if (isApiError(error)) {
      const fields = error.fieldErrors;
      let shown = false;
      for (const name of ["title", "isPremium", "publishAt", "freeAt"] as const) {
        const message = fields[name]?.[0];
        if (message) {
          setError(name, { type: "server", message });
          shown = true;
        }
      }
      const fileMessage = fields.pages?.[0] ?? fields.pdf?.[0];
      if (fileMessage) {
        setFilesError(fileMessage);
        shown = true;
      }
      if (!shown) setFailure(error.kind === "HTTP" ? error.message : t("networkError"));
    } else setFailure(t("networkError"));
  };

  const zone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : "";
  const pdfProblems = (pdf?.problems ?? []).map((p) => (p.code === "pdfTooLarge" ? tc("pdfTooLarge", { size: size(p.size) }) : tc(p.code)));
  const tab = (value: Kind, Icon: typeof Images, label: string) => (
    <label className="flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-zinc-600 transition has-[:checked]:bg-white has-[:checked]:text-brand-700 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:text-zinc-300 dark:has-[:checked]:bg-zinc-800 dark:has-[:checked]:text-brand-300">
      <input type="radio" name={`chapter-kind-${mangaId}`} value={value} checked={kind === value} onChange={() => setKind(value)} disabled={busy} className="sr-only" />
      <Icon className="size-4" aria-hidden />
      {label}
    </label>
  );

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-5" data-testid="chapter-uploader" aria-busy={busy || undefined}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`chapter-title-${mangaId}`} label={t("title")} error={errors.title?.message} registration={register("title")} autoComplete="off" dir="auto" disabled={busy} className="sm:col-span-2" />
        <div>
          <label htmlFor={`chapter-publish-${mangaId}`} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("publishAt")}</label>
          <input
            id={`chapter-publish-${mangaId}`}
            type="datetime-local"
            disabled={busy}
            aria-invalid={errors.publishAt ? true : undefined}
            aria-describedby={`chapter-publish-${mangaId}-hint${errors.publishAt ? ` chapter-publish-${mangaId}-error` : ""}`}
            className={`${inputClass} ${fieldBorder(Boolean(errors.publishAt))}`}
            {...register("publishAt")}
          />
          <p id={`chapter-publish-${mangaId}-hint`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{t("publishAtHint", { zone })}</p>
          <FieldError id={`chapter-publish-${mangaId}-error`} message={errors.publishAt?.message} />
        </div>
        <div className="flex flex-col justify-center gap-1 sm:pt-6">
          <CheckboxField id={`chapter-premium-${mangaId}`} label={<><span className="font-semibold">{t("premium")}</span><span className="block text-xs text-zinc-500 dark:text-zinc-400">{t("premiumHint")}</span></>} error={errors.isPremium?.message} registration={register("isPremium")} />
        </div>
        {premium === true && (
          <div className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]">
            <FreeAtField id={`chapter-free-at-${mangaId}`} registration={register("freeAt")} error={errors.freeAt?.message} zone={zone} disabled={busy} />
          </div>
        )}
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("kind")}</legend>
        <div className="flex max-w-sm gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-950">
          {tab("images", Images, t("images"))}
          {tab("pdf", FileText, t("pdf"))}
        </div>
      </fieldset>

      <div
        onDragOver={(e) => {
          if (busy || !e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          if (busy || e.dataTransfer.files.length === 0) return;
          e.preventDefault();
          setDragging(false);
          dropFiles([...e.dataTransfer.files]);
        }}
        className={`flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition ${
          dragging ? "border-brand-500 bg-brand-50 dark:bg-brand-500/10" : filesError ? "border-red-400" : "border-zinc-300 dark:border-zinc-700"
        }`}
        data-testid="chapter-drop"
      >
        <FileUp className="size-7 text-brand-600 dark:text-brand-400" aria-hidden />
        <p className="text-sm font-semibold">{kind === "pdf" ? t("dropPdf") : t("dropImages")}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("or")}</p>
        {kind === "images" ? (
          <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500">
            <Images className="size-4.5" aria-hidden />
            {t("pickImages")}
            <input
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif"
              className="sr-only"
              disabled={busy}
              aria-describedby={`chapter-files-${mangaId}-hint${filesError ? ` chapter-files-${mangaId}-error` : ""}`}
              data-testid="pick-images"
              onChange={(e) => {
                addImages([...(e.target.files ?? [])]);
                e.target.value = "";
              }}
            />
          </label>
        ) : (
          <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500">
            <FileText className="size-4.5" aria-hidden />
            {t("pickPdf")}
            <input
              key={pdfInputKey}
              type="file"
              accept="application/pdf,.pdf"
              className="sr-only"
              disabled={busy}
              aria-describedby={`chapter-files-${mangaId}-hint${filesError ? ` chapter-files-${mangaId}-error` : ""}`}
              data-testid="pick-pdf"
              onChange={(e) => choosePdf(e.target.files?.[0])}
            />
          </label>
        )}
        <p id={`chapter-files-${mangaId}-hint`} className="max-w-md text-xs text-zinc-500 dark:text-zinc-400">{kind === "pdf" ? t("pdfHint") : t("imagesHint")}</p>
      </div>
      <FieldError id={`chapter-files-${mangaId}-error`} message={filesError ?? undefined} />

      {kind === "images" && pages.length > 0 && (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-semibold" data-testid="page-count">{t("pageCount", { count: pages.length })}</p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("reorderHint")}</p>
            <button type="button" onClick={clearPages} disabled={busy} className="text-sm font-semibold text-red-700 underline-offset-4 hover:underline disabled:opacity-50 dark:text-red-400">
              {t("removeAll")}
            </button>
          </div>
          <PageList pages={pages} duplicates={duplicates} disabled={busy} onMove={movePage} onRemove={removePage} />
          {problemCount > 0 && <Banner tone="error">{t("problems", { count: problemCount })}</Banner>}
        </div>
      )}

      {kind === "pdf" && pdf && (
        <div className={`flex items-center gap-3 rounded-2xl border bg-white p-3 dark:bg-zinc-900 ${pdfProblems.length ? "border-red-300 dark:border-red-500/50" : "border-zinc-200 dark:border-zinc-800"}`} data-testid="pdf-item">
          <FileText className="size-8 shrink-0 text-red-600 dark:text-red-400" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold" dir="auto">{pdf.file.name}</p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{pdf.problems === null ? tc("checking") : size(pdf.file.size)}</p>
            {pdfProblems.map((text) => (
              <p key={text} className="text-xs text-red-700 dark:text-red-400">{text}</p>
            ))}
          </div>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setPdf(null);
              setPdfInputKey((k) => k + 1);
            }}
            aria-label={t("removePdf")}
            className="grid size-9 place-items-center rounded-lg text-red-600 transition hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-30 dark:text-red-400 dark:hover:bg-red-500/10"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      )}

      {busy && <UploadProgress progress={state.progress} onCancel={cancel} />}
      {failure && !busy && <Banner tone="error" testId="upload-error">{t("failed", { message: failure })}</Banner>}
      <p className="sr-only" role="status" aria-live="polite">{announcement}</p>

      <div className="max-w-xs">
        <SubmitButton busy={busy} label={t("submit")} busyLabel={t("submitting")} />
      </div>
    </form>
  );
}
