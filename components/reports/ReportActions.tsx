"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangle, Check, EyeOff, Trash2 } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useApiMutation } from "@/components/providers/api-query";
import { Banner } from "@/components/ui/Banner";
import { Button, type ButtonVariant } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { DialogActions } from "@/components/ui/DialogActions";
import { TextAreaField } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import { notifySuccess } from "@/components/ui/toast";
import { useTexts } from "@/i18n/client";
import { useRouter } from "@/i18n/navigation";
import { REPORT_LIMITS, resolveNoteSchema, type ReportValidationKey, type ResolveAction } from "@/lib/validation/reports";

export interface ResolveTarget {
  mangaId: number;
  chapterId: number | null;
  /** How the dialogs name it ("Chapter 3: …" or the manga's title), already isolated for the sentence. */
  label: string;
  /** Open reports in the group. */
  count: number;
}

const VARIANT: Record<ResolveAction, ButtonVariant> = { dismiss: "secondary", hide: "secondary", delete: "danger" };
const CONFIRM_VARIANT: Record<ResolveAction, ButtonVariant> = { dismiss: "primary", hide: "danger", delete: "danger" };
const ICON = { dismiss: Check, hide: EyeOff, delete: Trash2 } as const;

/**
 * A report group's three decisions (Dismiss, Hide, Delete), each confirmed in a dialog; the page reloads its list
 * after one succeeds.
 */
export function ReportActions({ target }: { target: ResolveTarget }) {
  const t = useTexts("reports");
  const [action, setAction] = useState<ResolveAction | null>(null);
  return (
    <div role="group" aria-label={t("queue.actionsFor", { target: target.label })} className="flex flex-wrap gap-2">
      {(["dismiss", "hide", "delete"] as const).map((a) => {
        const Icon = ICON[a];
        return (
          <Button key={a} size="sm" variant={VARIANT[a]} onClick={() => setAction(a)} aria-haspopup="dialog" icon={<Icon className="size-4" aria-hidden />} data-testid={`resolve-${a}`}>
            {t(`queue.${a}`)}
          </Button>
        );
      })}
      {action && <ResolveDialog key={action} action={action} target={target} onClose={() => setAction(null)} />}
    </div>
  );
}

function ResolveDialog({ action, target, onClose }: { action: ResolveAction; target: ResolveTarget; onClose: () => void }) {
  const t = useTexts("reports");
  const router = useRouter();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [open, setOpen] = useState(true);
  const [failure, setFailure] = useState("");
  const schema = useMemo(() => resolveNoteSchema(action, (key: ReportValidationKey) => t(`errors.${key}`)), [action, t]);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { note: "" } });
  const resolve = useApiMutation((api, note: string | undefined) =>
    api("/api/Report/Resolve", { method: "POST", body: { mangaId: target.mangaId, chapterId: target.chapterId, action, note } }),
  );
  const busy = formState.isSubmitting;

  // Hiding asks for the author's reason first; the other two open on Cancel (the dialog is open by now).
  useEffect(() => {
    if (action === "hide") setFocus("note");
    else cancelRef.current?.focus();
  }, [action, setFocus]);

  const submit = handleSubmit(async ({ note }) => {
    setFailure("");
    try {
      await resolve.mutateAsync(note || undefined);
      notifySuccess(t(action === "dismiss" ? "queue.dismissed" : action === "hide" ? "queue.hidden" : "queue.deleted"));
      setOpen(false);
      router.refresh();
      // The resolved group leaves the list with the button the dialog would give the focus back to: the queue's
      // heading takes it, after the dialog's own return.
      requestAnimationFrame(() => document.getElementById("reports-heading")?.focus());
    } catch (error) {
      const rest = showServerErrors(error, setError, ["note"], t("failed"));
      if (rest !== null) setFailure(t("queue.failed", { message: rest }));
    }
  });

  const text = t(`queue.${action}Text`, { target: target.label, count: target.count });
  const confirm = action === "dismiss" ? t("queue.confirmDismiss") : action === "hide" ? t("queue.confirmHide") : t("queue.confirmDelete");
  const Icon = ICON[action];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t(`queue.${action}Title`)}
      description={action === "delete" ? <span className="font-medium text-red-800 dark:text-red-300">{text}</span> : text}
      icon={action === "delete" ? <AlertTriangle aria-hidden /> : <Icon aria-hidden />}
      tone={action === "dismiss" ? "brand" : "danger"}
      closeLabel={t("cancel")}
      busy={busy}
      onSubmit={submit}
      width="md"
      testId="resolve-dialog"
      footer={
        <DialogActions
          cancelRef={cancelRef}
          cancelLabel={t("cancel")}
          onCancel={() => setOpen(false)}
          label={confirm}
          busyLabel={t("queue.working")}
          busy={busy}
          variant={CONFIRM_VARIANT[action]}
          icon={<Icon className="size-4" aria-hidden />}
          testId="resolve-confirm"
        />
      }
    >
      <TextAreaField
        id={`${id}-note`}
        label={action === "hide" ? t("queue.hideNoteLabel") : t("queue.noteLabel")}
        rows={3}
        maxLength={REPORT_LIMITS.noteMax + 200}
        aria-required={action === "hide" || undefined}
        error={formState.errors.note?.message}
        registration={register("note")}
        data-testid="resolve-note"
      />
      {failure && <Banner tone="error">{failure}</Banner>}
    </Dialog>
  );
}
