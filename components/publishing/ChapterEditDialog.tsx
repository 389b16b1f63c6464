"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Banner } from "@/components/ui/Banner";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { SubmitButton } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import type { ChapterFormInput, ChapterFormValues } from "@/lib/validation/publishing";
import type { ManagedChapter } from "@/server/publishing/managed";
import { ChapterFields } from "./ChapterFields";
import { isoToLocal } from "./datetime";
import { useChapterResolver } from "./use-chapter-resolver";

const FIELDS = ["title", "isPremium", "publishAt", "freeAt"] as const;

/**
 * Edits a chapter's title, premium flag and scheduled release in a modal dialog (UpdateChapter). Empty release
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
  // Open on mount; closing (saved, cancelled) closes the dialog, which hands focus back to the opener, then onClose.
  const [open, setOpen] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ChapterFormInput, unknown, ChapterFormValues>({
    resolver: useChapterResolver(chapter.freeAt),
    defaultValues: { title: chapter.title, isPremium: chapter.isPremium, publishAt: isoToLocal(chapter.publishAt), freeAt: isoToLocal(chapter.freeAt) },
  });
  const premium = useWatch({ control, name: "isPremium" });

  const onSubmit = async (values: ChapterFormValues) => {
    setFailure(null);
    try {
      await save({ title: values.title, isPremium: values.isPremium ?? false, publishAt: values.publishAt ?? null, freeAt: values.freeAt ?? null });
      setOpen(false);
    } catch (error) {
      setFailure(showServerErrors(error, setError, FIELDS, tu("networkError")));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("editChapterTitle")}
      closeLabel={tm("cancel")}
      width="md"
      busy={isSubmitting}
      onSubmit={handleSubmit(onSubmit)}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={isSubmitting}>
            {tm("cancel")}
          </Button>
          <SubmitButton busy={isSubmitting} label={t("save")} busyLabel={t("saving")} full={false} />
        </>
      }
    >
      {failure && <Banner tone="error">{failure}</Banner>}
      <ChapterFields
        idOf={(field) => `chapter-edit-${chapter.id}-${field}`}
        register={register}
        control={control}
        errors={errors}
        premium={premium === true}
        zone={Intl.DateTimeFormat().resolvedOptions().timeZone}
        publishLabel={t("publishAt")}
      />
    </Dialog>
  );
}
