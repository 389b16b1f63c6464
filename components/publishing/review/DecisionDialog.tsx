"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Loader2, Trash2, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FieldError, fieldBorder } from "@/components/auth/fields";
import { decisionSchema, NOTE_MAX } from "@/lib/validation/review";
import type { ReviewSubject } from "./ReviewDesk";
import { isolate } from "@/lib/bidi";

export type DialogMode = "approve" | "reject" | "delete";

const TEMPLATES = ["quality", "pages", "policy", "metadata"] as const;

/**
 * The modal of one decision (native <dialog>: focus stays inside, Escape cancels, focus returns to the button that
 * opened it). Approving takes an optional note, rejecting a required reason that the templates help write, deleting
 * only a confirmation. Ctrl+Enter in the note confirms.
 */
export function DecisionDialog({
  mode,
  subject,
  busy,
  onCancel,
  onConfirm,
}: {
  mode: DialogMode;
  subject: ReviewSubject;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => Promise<boolean>;
}) {
  const t = useTranslations("approval.decision");
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const kind = mode === "reject" ? "reject" : "approve";
  const schema = useMemo(() => decisionSchema(kind, (key) => t(key)), [kind, t]);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { note: "" } });
  const note = useWatch({ control, name: "note" }) ?? "";
  const registration = register("note");

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    if (mode === "delete") cancelRef.current?.focus();
    else dialog.querySelector<HTMLTextAreaElement>("textarea")?.focus();
  }, [mode]);

  const close = () => {
    if (busy) return;
    ref.current?.close();
  };

  const toggleTemplate = (text: string) => {
    const current = note.trim();
    const next = current.includes(text)
      ? current.replace(text, "").replace(/\n{2,}/g, "\n").trim()
      : current ? `${current}\n${text}` : text;
    setValue("note", next, { shouldValidate: isSubmitted, shouldDirty: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  };

  const submit = handleSubmit(async (values) => {
    await onConfirm(values.note);
  });

  const title = mode === "approve" ? t("approveTitle", { subject: subject.label }) : mode === "reject" ? t("rejectTitle", { subject: subject.label }) : t("deleteTitle", { subject: subject.label });
  const noteId = `${id}-note`;
  const hintId = `${id}-hint`;
  const errorId = `${noteId}-error`;
  const confirmClass =
    mode === "approve"
      ? "bg-emerald-700 hover:bg-emerald-800 focus-visible:outline-emerald-700"
      : "bg-red-700 hover:bg-red-800 focus-visible:outline-red-700";

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 dark:bg-zinc-900 dark:text-zinc-100"
      onClose={onCancel}
      onCancel={(event) => busy && event.preventDefault()}
      data-testid="decision-dialog"
      data-mode={mode}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${id}-title`} className="text-lg font-bold break-words">
            {title}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={t("cancel")}
            className="grid size-9 shrink-0 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>

        {mode === "delete" ? (
          <p className="text-zinc-700 dark:text-zinc-300">
            {subject.kind === "manga"
              ? t("deleteMangaText", { title: isolate(subject.title) })
              : t("deleteChapterText", { number: subject.number ?? 0, title: isolate(subject.title) })}
          </p>
        ) : (
          <>
            {mode === "reject" && (
              <fieldset>
                <legend className="mb-2 text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("templates")}</legend>
                <div className="flex flex-wrap gap-2">
                  {TEMPLATES.map((key) => {
                    const text = t(`templateText.${key}`);
                    const on = note.includes(text);
                    return (
                      <button
                        key={key}
                        type="button"
                        aria-pressed={on}
                        onClick={() => toggleTemplate(text)}
                        data-testid={`reason-template-${key}`}
                        className={`rounded-full border px-3 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                          on
                            ? "border-red-700 bg-red-700 text-white"
                            : "border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
                        }`}
                      >
                        {t(`templateList.${key}`)}
                      </button>
                    );
                  })}
                </div>
              </fieldset>
            )}
            <div>
              <label htmlFor={noteId} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">
                {mode === "reject" ? t("reasonLabel") : t("noteLabel")}
              </label>
              <textarea
                id={noteId}
                rows={mode === "reject" ? 5 : 3}
                maxLength={NOTE_MAX + 200}
                aria-invalid={errors.note ? true : undefined}
                aria-required={mode === "reject" ? true : undefined}
                aria-describedby={[errors.note ? errorId : null, hintId].filter(Boolean).join(" ")}
                onKeyDown={onKeyDown}
                className={`block w-full resize-y rounded-xl border bg-white px-3.5 py-2.5 text-[15px] text-zinc-900 shadow-sm outline-none transition focus:ring-4 dark:bg-zinc-950 dark:text-zinc-100 ${fieldBorder(Boolean(errors.note))}`}
                data-testid="decision-note"
                {...registration}
              />
              <p id={hintId} className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
                {t("reasonHint", { count: note.trim().length })} · {t("submitHint")}
              </p>
              <FieldError id={errorId} message={errors.note?.message} />
            </div>
          </>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            onClick={close}
            disabled={busy}
            className="h-11 rounded-xl border border-zinc-300 px-4 font-semibold text-zinc-800 transition hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
          >
            {t("cancel")}
          </button>
          <button
            type="submit"
            disabled={busy}
            data-testid="decision-confirm"
            className={`inline-flex h-11 items-center justify-center gap-2 rounded-xl px-4 font-semibold text-white shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-70 ${confirmClass}`}
          >
            {busy ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : mode === "approve" ? (
              <Check className="size-4" aria-hidden />
            ) : mode === "delete" ? (
              <Trash2 className="size-4" aria-hidden />
            ) : (
              <X className="size-4" aria-hidden />
            )}
            {busy ? t("working") : mode === "approve" ? t("confirmApprove") : mode === "reject" ? t("confirmReject") : t("confirmDelete")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
