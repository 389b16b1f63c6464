"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Trash2, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { TextAreaField } from "@/components/ui/fields";
import { decisionSchema, NOTE_MAX } from "@/lib/validation/review";
import type { ReviewSubject } from "./ReviewDesk";
import { isolate } from "@/lib/bidi";

export type DialogMode = "approve" | "reject" | "delete";

const TEMPLATES = ["quality", "pages", "policy", "metadata"] as const;

/** Ctrl+Enter (⌘+Enter) in the note submits its form. */
function submitOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

/**
 * The modal of one decision (the kit's Dialog: focus stays inside, Escape cancels, focus returns to the button that
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
  const id = useId();
  const kind = mode === "reject" ? "reject" : "approve";
  const schema = useMemo(() => decisionSchema(kind, (key) => t(key)), [kind, t]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { note: "" } });
  const note = useWatch({ control: form.control, name: "note" }) ?? "";

  // The dialog is open once the kit's Dialog has run its effect (before this one): delete focuses Cancel, the others the note.
  useEffect(() => {
    ref.current?.setAttribute("data-mode", mode);
    if (mode === "delete") cancelRef.current?.focus();
    else ref.current?.querySelector<HTMLTextAreaElement>("textarea")?.focus();
  }, [mode]);

  const title = mode === "approve" ? t("approveTitle", { subject: subject.label }) : mode === "reject" ? t("rejectTitle", { subject: subject.label }) : t("deleteTitle", { subject: subject.label });
  const deleteText =
    subject.kind === "manga" ? t("deleteMangaText", { title: isolate(subject.title) }) : t("deleteChapterText", { number: subject.number ?? 0, title: isolate(subject.title) });
  const ConfirmIcon = mode === "approve" ? Check : mode === "delete" ? Trash2 : X;

  return (
    <Dialog
      dialogRef={ref}
      onClose={onCancel}
      title={title}
      description={mode === "delete" ? deleteText : undefined}
      closeLabel={t("cancel")}
      busy={busy}
      width="md"
      testId="decision-dialog"
      onSubmit={form.handleSubmit(async (values) => {
        await onConfirm(values.note);
      })}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={() => !busy && ref.current?.close()} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button type="submit" variant={mode === "approve" ? "primary" : "danger"} loading={busy} icon={<ConfirmIcon className="size-4" aria-hidden />} data-testid="decision-confirm">
            {busy ? t("working") : mode === "approve" ? t("confirmApprove") : mode === "reject" ? t("confirmReject") : t("confirmDelete")}
          </Button>
        </>
      }
    >
      {mode === "reject" && <ReasonTemplates note={note} onChange={(next) => form.setValue("note", next, { shouldValidate: form.formState.isSubmitted, shouldDirty: true })} />}
      {mode !== "delete" && (
        <TextAreaField
          id={`${id}-note`}
          label={mode === "reject" ? t("reasonLabel") : t("noteLabel")}
          hint={`${t("reasonHint", { count: note.trim().length })} · ${t("submitHint")}`}
          error={form.formState.errors.note?.message}
          registration={form.register("note")}
          rows={mode === "reject" ? 5 : 3}
          maxLength={NOTE_MAX + 200}
          aria-required={mode === "reject" ? true : undefined}
          onKeyDown={submitOnCtrlEnter}
          data-testid="decision-note"
        />
      )}
    </Dialog>
  );
}

/** The reason templates: each adds its sentence to the note, or takes it out again (a pressed / unpressed button). */
function ReasonTemplates({ note, onChange }: { note: string; onChange: (next: string) => void }) {
  const t = useTranslations("approval.decision");
  const toggle = (text: string) => {
    const current = note.trim();
    onChange(current.includes(text) ? current.replace(text, "").replace(/\n{2,}/g, "\n").trim() : current ? `${current}\n${text}` : text);
  };
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("templates")}</legend>
      <div className="flex flex-wrap gap-2">
        {TEMPLATES.map((key) => {
          const text = t(`templateText.${key}`);
          const on = note.includes(text);
          return (
            <Button key={key} size="sm" variant={on ? "danger" : "secondary"} aria-pressed={on} onClick={() => toggle(text)} data-testid={`reason-template-${key}`}>
              {t(`templateList.${key}`)}
            </Button>
          );
        })}
      </div>
    </fieldset>
  );
}
