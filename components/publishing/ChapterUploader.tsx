"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch, type UseFormSetError } from "react-hook-form";
import { Banner } from "@/components/ui/Banner";
import { SubmitButton } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import { notifySuccess } from "@/components/ui/toast";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useRouter } from "@/i18n/client";
import { isApiError } from "@/lib/api-client";
import type { ChapterFormInput, ChapterFormValues } from "@/lib/validation/publishing";
import type { ManagedChapter } from "@/server/publishing/managed";
import { ChapterFields } from "./ChapterFields";
import { ChapterFilesPanel } from "./ChapterFilesPanel";
import { UploadProgress } from "./UploadProgress";
import { useChapterFiles, type ChapterFiles } from "./use-chapter-files";
import { useChapterResolver } from "./use-chapter-resolver";
import { useUpload } from "./use-upload";

const FIELDS = ["title", "isPremium", "publishAt", "freeAt"] as const;

/**
 * Adds a chapter to a manga (SubmitChapter): its title, premium flag and optional scheduled release, and either page
 * images (checked, reorderable, removable) or one PDF (checked). Sent as multipart with live progress (percentage,
 * speed, time left) and a cancel button; the chapter list refreshes when it is in, and a PDF shows its processing there.
 */
export function ChapterUploader({ mangaId }: { mangaId: number }) {
  const t = useTranslations("upload");
  const hydrated = useHydrated();
  const [announcement, setAnnouncement] = useState("");
  const files = useChapterFiles(setAnnouncement);
  const form = useForm<ChapterFormInput, unknown, ChapterFormValues>({ resolver: useChapterResolver(), mode: "onTouched", defaultValues: { title: "", isPremium: false, publishAt: "", freeAt: "" } });
  const premium = useWatch({ control: form.control, name: "isPremium" });
  const { busy, progress, cancel, failure, send } = useChapterSend(mangaId, files, form.setError, setAnnouncement, form.reset);
  const zone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : "";

  return (
    <form onSubmit={form.handleSubmit(send)} noValidate className="flex flex-col gap-5" data-testid="chapter-uploader" aria-busy={busy || undefined}>
      <ChapterFields
        idOf={(field) => `chapter-${field}-${mangaId}`}
        register={form.register}
        control={form.control}
        errors={form.formState.errors}
        premium={premium === true}
        zone={zone}
        publishLabel={t("publishAt")}
        disabled={busy}
        columns
      />
      <ChapterFilesPanel idBase={`chapter-${mangaId}`} files={files} busy={busy} />
      {busy && <UploadProgress progress={progress} onCancel={cancel} />}
      {failure && !busy && <Banner tone="error" testId="upload-error">{t("failed", { message: failure })}</Banner>}
      <p className="sr-only" role="status" aria-live="polite">{announcement}</p>
      <div className="max-w-xs">
        <SubmitButton busy={busy} label={t("submit")} busyLabel={t("submitting")} />
      </div>
    </form>
  );
}

/** Sends the chapter with its files; on success clears the form, on failure shows the server's errors where they belong. */
function useChapterSend(mangaId: number, files: ChapterFiles, setError: UseFormSetError<ChapterFormInput>, announce: (text: string) => void, reset: () => void) {
  const t = useTranslations("upload");
  const router = useRouter();
  const { state, start, cancel } = useUpload();
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (values: ChapterFormValues) => {
    setFailure(null);
    if (!files.ready()) return;
    const pdf = files.kind === "pdf";
    const body = new FormData();
    body.set("mangaId", String(mangaId));
    body.set("title", values.title);
    body.set("isPremium", values.isPremium ? "true" : "false");
    if (values.publishAt) body.set("publishAt", values.publishAt);
    if (values.isPremium && values.freeAt) body.set("freeAt", values.freeAt);
    files.appendTo(body);

    const outcome = await start<ManagedChapter>("/api/chapter/SubmitChapter", body, pdf ? "pdf" : "images");
    if (outcome.ok) {
      notifySuccess(pdf ? t("uploadedPdf") : t("uploaded"));
      announce(t("added", { title: outcome.data?.title ?? values.title }));
      reset();
      files.clear();
      router.refresh();
    } else if (outcome.cancelled) announce(t("canceled"));
    else {
      const fileMessage = isApiError(outcome.error) ? (outcome.error.fieldErrors.pages?.[0] ?? outcome.error.fieldErrors.pdf?.[0]) : undefined;
      if (fileMessage) files.setError(fileMessage);
      const message = showServerErrors(outcome.error, setError, FIELDS, t("networkError"));
      setFailure(fileMessage ? null : message);
    }
  };

  return { busy: state.isUploading, progress: state.progress, cancel, failure, send };
}
