"use client";

import { FileText, FileUp, Images, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Banner } from "@/components/ui/Banner";
import { Button, IconButton } from "@/components/ui/Button";
import { cx } from "@/components/ui/cx";
import { FieldError } from "@/components/ui/fields";
import { FilePicker } from "@/components/ui/FilePicker";
import { Segmented } from "@/components/ui/Segmented";
import { PageList } from "./PageList";
import { splitBytes } from "./upload-state";
import type { ChapterFiles } from "./use-chapter-files";

const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif";

/** The uploader's files: images or a PDF, the drop zone with its picker, and the chosen pages or PDF with their checks. */
export function ChapterFilesPanel({ idBase, files, busy }: { idBase: string; files: ChapterFiles; busy: boolean }) {
  const t = useTranslations("upload");
  return (
    <>
      <Segmented
        name={`${idBase}-kind`}
        legend={t("kind")}
        value={files.kind}
        onChange={files.setKind}
        disabled={busy}
        className="max-w-sm"
        options={[
          { value: "images", label: t("images"), icon: <Images aria-hidden /> },
          { value: "pdf", label: t("pdf"), icon: <FileText aria-hidden /> },
        ]}
      />
      <DropZone idBase={idBase} files={files} busy={busy} />
      <FieldError id={`${idBase}-files-error`} message={files.error ?? undefined} />
      {files.kind === "images" && files.pages.length > 0 && <ChosenPages files={files} busy={busy} />}
      {files.kind === "pdf" && files.pdf && <ChosenPdf files={files} busy={busy} />}
    </>
  );
}

function DropZone({ idBase, files, busy }: { idBase: string; files: ChapterFiles; busy: boolean }) {
  const t = useTranslations("upload");
  const [dragging, setDragging] = useState(false);
  const pdf = files.kind === "pdf";
  const describedBy = `${idBase}-files-hint${files.error ? ` ${idBase}-files-error` : ""}`;
  return (
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
        files.drop([...e.dataTransfer.files]);
      }}
      className={cx(
        "flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition",
        dragging ? "border-brand-500 bg-brand-50 dark:bg-brand-500/10" : files.error ? "border-red-400" : "border-zinc-300 dark:border-zinc-700",
      )}
      data-testid="chapter-drop"
    >
      <FileUp className="size-7 text-brand-600 dark:text-brand-400" aria-hidden />
      <p className="text-sm font-semibold">{pdf ? t("dropPdf") : t("dropImages")}</p>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("or")}</p>
      {pdf ? (
        <FilePicker key="pdf" label={t("pickPdf")} icon={<FileText aria-hidden />} accept="application/pdf,.pdf" disabled={busy} describedBy={describedBy} testId="pick-pdf" onFiles={(chosen) => files.choosePdf(chosen[0])} />
      ) : (
        <FilePicker key="images" label={t("pickImages")} icon={<Images aria-hidden />} accept={IMAGE_TYPES} multiple disabled={busy} describedBy={describedBy} testId="pick-images" onFiles={files.addImages} />
      )}
      <p id={`${idBase}-files-hint`} className="max-w-md text-xs text-zinc-500 dark:text-zinc-400">{pdf ? t("pdfHint") : t("imagesHint")}</p>
    </div>
  );
}

function ChosenPages({ files, busy }: { files: ChapterFiles; busy: boolean }) {
  const t = useTranslations("upload");
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold" data-testid="page-count">{t("pageCount", { count: files.pages.length })}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("reorderHint")}</p>
        <Button variant="dangerGhost" size="sm" onClick={files.clearPages} disabled={busy}>
          {t("removeAll")}
        </Button>
      </div>
      <PageList pages={files.pages} duplicates={files.duplicates} disabled={busy} onMove={files.movePage} onRemove={files.removePage} />
      {files.problemCount > 0 && <Banner tone="error">{t("problems", { count: files.problemCount })}</Banner>}
    </div>
  );
}

function ChosenPdf({ files, busy }: { files: ChapterFiles; busy: boolean }) {
  const t = useTranslations("upload");
  const tc = useTranslations("upload.checks");
  const tu = useTranslations("upload.units");
  const pdf = files.pdf!;
  const size = (bytes: number) => {
    const { value, unit } = splitBytes(bytes);
    return `${value} ${tu(unit)}`;
  };
  const problems = (pdf.problems ?? []).map((p) => (p.code === "pdfTooLarge" ? tc("pdfTooLarge", { size: size(p.size) }) : tc(p.code)));
  return (
    <div className={cx("flex items-center gap-3 rounded-2xl border bg-white p-3 dark:bg-zinc-900", problems.length ? "border-red-300 dark:border-red-500/50" : "border-zinc-200 dark:border-zinc-800")} data-testid="pdf-item">
      <FileText className="size-8 shrink-0 text-red-600 dark:text-red-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold" dir="auto">{pdf.file.name}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{pdf.problems === null ? tc("checking") : size(pdf.file.size)}</p>
        {problems.map((text) => (
          <p key={text} className="text-xs text-red-700 dark:text-red-400">{text}</p>
        ))}
      </div>
      <IconButton label={t("removePdf")} icon={<Trash2 aria-hidden />} tone="danger" disabled={busy} onClick={files.removePdf} />
    </div>
  );
}
