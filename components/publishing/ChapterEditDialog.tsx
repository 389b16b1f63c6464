"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Banner, CheckboxField, FieldError, fieldBorder, inputClass, secondaryButton, SubmitButton, TextField } from "@/components/auth/fields";
import { isApiError } from "@/lib/api-client";
import type { ChapterFormInput, ChapterFormValues } from "@/lib/validation/publishing";
import type { ManagedChapter } from "@/server/publishing/managed";
import { isoToLocal } from "./datetime";
import { useChapterResolver } from "./use-chapter-resolver";
import { FreeAtField } from "@/components/premium/FreeAtField";

/**
 * Edits a chapter's title, premium flag and scheduled release in a modal <dialog> (UpdateChapter). Empty release
 * clears the schedule. `save` sends the values and resolves when the server has them.
 */
export function ChapterEditDialog({
  chapter,
  onClose,
  save,
}: {
  chapter: ManagedChapter;
  onClose: () => void;
  save: (values: { title: string; isPremium: boolean; publishAt: string | null; freeAt: string | null }) => Promise<void>;
}) {
  const t = useTranslations("management.editor");
  const tm = useTranslations("management");
  const tu = useTranslations("upload");
  const ref = useRef<HTMLDialogElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useChapterResolver(chapter.freeAt);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ChapterFormInput, unknown, ChapterFormValues>({
    resolver,
    defaultValues: { title: chapter.title, isPremium: chapter.isPremium, publishAt: isoToLocal(chapter.publishAt), freeAt: isoToLocal(chapter.freeAt) },
  });
  const premium = useWatch({ control, name: "isPremium" });

  // Open on mount; closing (saved, cancelled) goes through dialog.close(), which hands focus back to the opener.
  const [closing, setClosing] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (closing) dialog.close();
    else if (!dialog.open) dialog.showModal();
  }, [closing]);

  const id = `chapter-edit-${chapter.id}`;
  const onSubmit = async (values: ChapterFormValues) => {
    setFailure(null);
    try {
      await save({ title: values.title, isPremium: values.isPremium ?? false, publishAt: values.publishAt ?? null, freeAt: values.freeAt ?? null });
      setClosing(true);
    } catch (error) {
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
        if (!shown) setFailure(error.kind === "HTTP" ? error.message : tu("networkError"));
      } else setFailure(tu("networkError"));
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-3xl border border-zinc-200 bg-white p-6 text-zinc-900 shadow-2xl backdrop:bg-black/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id={`${id}-title`} className="text-lg font-bold">{t("editChapterTitle")}</h2>
          <button type="button" onClick={() => setClosing(true)} aria-label={tm("cancel")} className="grid size-9 place-items-center rounded-full text-zinc-500 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800">
            <X className="size-5" aria-hidden />
          </button>
        </div>
        {failure && <Banner tone="error">{failure}</Banner>}
        <TextField id={`${id}-name`} label={t("chapterTitle")} error={errors.title?.message} registration={register("title")} autoComplete="off" dir="auto" />
        <div>
          <label htmlFor={`${id}-publish`} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("publishAt")}</label>
          <input
            id={`${id}-publish`}
            type="datetime-local"
            aria-invalid={errors.publishAt ? true : undefined}
            aria-describedby={`${id}-publish-hint${errors.publishAt ? ` ${id}-publish-error` : ""}`}
            className={`${inputClass} ${fieldBorder(Boolean(errors.publishAt))}`}
            {...register("publishAt")}
          />
          <p id={`${id}-publish-hint`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{t("publishAtHint", { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}</p>
          <FieldError id={`${id}-publish-error`} message={errors.publishAt?.message} />
        </div>
        <CheckboxField
          id={`${id}-premium`}
          label={<><span className="font-semibold">{t("premiumLabel")}</span><span className="block text-xs text-zinc-500 dark:text-zinc-400">{t("premiumHint")}</span></>}
          error={errors.isPremium?.message}
          registration={register("isPremium")}
        />
        {premium === true && (
          <FreeAtField id={`${id}-free-at`} registration={register("freeAt")} error={errors.freeAt?.message} zone={Intl.DateTimeFormat().resolvedOptions().timeZone} />
        )}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={() => setClosing(true)}>{tm("cancel")}</button>
          <div className="sm:w-40">
            <SubmitButton busy={isSubmitting} label={t("save")} busyLabel={t("saving")} />
          </div>
        </div>
      </form>
    </dialog>
  );
}
