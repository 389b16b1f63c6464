"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircle, AlertTriangle, Check, EyeOff, Loader2, Trash2, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify";
import type { z } from "zod";
import { useTexts } from "@/i18n/client";
import { useRouter } from "@/i18n/navigation";
import { useApi } from "@/components/providers/use-api";
import { isApiError } from "@/lib/api-client";
import { REPORT_LIMITS, resolveNoteSchema, type ReportValidationKey, type ResolveAction } from "@/lib/validation/reports";

export interface ResolveTarget {
  mangaId: number;
  chapterId: number | null;
  /** How the dialogs name it ("Chapter 3: …" or the manga's title), already isolated for the sentence. */
  label: string;
  /** Open reports in the group. */
  count: number;
}

const BUTTON = "inline-flex h-9 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const STYLE: Record<ResolveAction, string> = {
  dismiss: "border border-zinc-300 text-zinc-800 hover:bg-zinc-50 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800",
  hide: "border border-amber-400 text-amber-900 hover:bg-amber-50 dark:border-amber-400/50 dark:text-amber-200 dark:hover:bg-amber-400/10",
  delete: "bg-red-700 text-white hover:bg-red-800",
};
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
          <button key={a} type="button" onClick={() => setAction(a)} aria-haspopup="dialog" className={`${BUTTON} ${STYLE[a]}`} data-testid={`resolve-${a}`}>
            <Icon className="size-4" aria-hidden />
            {t(`queue.${a}`)}
          </button>
        );
      })}
      {action && <ResolveDialog key={action} action={action} target={target} onClose={() => setAction(null)} />}
    </div>
  );
}

function ResolveDialog({ action, target, onClose }: { action: ResolveAction; target: ResolveTarget; onClose: () => void }) {
  const t = useTexts("reports");
  const api = useApi();
  const router = useRouter();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const [done, setDone] = useState(false);
  const schema = useMemo(() => resolveNoteSchema(action, (key: ReportValidationKey) => t(`errors.${key}`)), [action, t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { note: "" } });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    if (action === "hide") dialog.querySelector<HTMLTextAreaElement>("textarea")?.focus();
    else cancelRef.current?.focus();
  }, [action]);

  useEffect(() => {
    if (done) ref.current?.close();
  }, [done]);

  const close = () => {
    if (!busy) ref.current?.close();
  };

  const submit = handleSubmit(async ({ note }) => {
    setBusy(true);
    setFailure("");
    try {
      await api("/api/Report/Resolve", { method: "POST", body: { mangaId: target.mangaId, chapterId: target.chapterId, action, note: note || undefined } });
      toast.success(t(action === "dismiss" ? "queue.dismissed" : action === "hide" ? "queue.hidden" : "queue.deleted"));
      setDone(true);
      router.refresh();
    } catch (error) {
      const message = isApiError(error) && error.kind === "HTTP" ? error.message : t("failed");
      if (isApiError(error) && error.fieldErrors.note?.[0]) setError("note", { message: error.fieldErrors.note[0] });
      else setFailure(t("queue.failed", { message }));
    } finally {
      setBusy(false);
    }
  });

  const noteId = `${id}-note`;
  const errorId = `${noteId}-error`;
  const title = t(`queue.${action}Title`);
  const text = t(`queue.${action}Text`, { target: target.label, count: target.count });
  const confirm = action === "dismiss" ? t("queue.confirmDismiss") : action === "hide" ? t("queue.confirmHide") : t("queue.confirmDelete");
  const Icon = ICON[action];

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      onCancel={(event) => busy && event.preventDefault()}
      data-testid="resolve-dialog"
      data-action={action}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            <span className={`grid size-10 shrink-0 place-items-center rounded-xl ${action === "dismiss" ? "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200" : "bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400"}`}>
              {action === "delete" ? <AlertTriangle className="size-5" aria-hidden /> : <Icon className="size-5" aria-hidden />}
            </span>
            <h2 id={`${id}-title`} className="pt-1.5 text-lg font-bold break-words">
              {title}
            </h2>
          </div>
          <button
            type="button"
            onClick={close}
            aria-label={t("cancel")}
            className="grid size-9 shrink-0 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <p id={`${id}-text`} className={`text-sm leading-6 break-words ${action === "delete" ? "font-medium text-red-800 dark:text-red-300" : "text-zinc-700 dark:text-zinc-300"}`}>
          {text}
        </p>
        <div>
          <label htmlFor={noteId} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">
            {action === "hide" ? t("queue.hideNoteLabel") : t("queue.noteLabel")}
          </label>
          <textarea
            id={noteId}
            rows={3}
            maxLength={REPORT_LIMITS.noteMax + 200}
            aria-required={action === "hide" || undefined}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? errorId : undefined}
            data-testid="resolve-note"
            className={`block w-full resize-y rounded-xl border bg-white px-3.5 py-2.5 text-[15px] text-zinc-900 shadow-sm outline-none transition focus:ring-4 dark:bg-zinc-950 dark:text-zinc-100 ${errors.note ? "border-red-600 focus:ring-red-500/15" : "border-zinc-300 focus:border-brand-500 focus:ring-brand-500/15 dark:border-zinc-700"}`}
            {...register("note")}
          />
          {errors.note?.message && (
            <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{errors.note.message}</span>
            </p>
          )}
        </div>
        {failure && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800 dark:bg-red-500/10 dark:text-red-300">
            {failure}
          </p>
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
            data-testid="resolve-confirm"
            className={`inline-flex h-11 items-center justify-center gap-2 rounded-xl px-4 font-semibold text-white shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-70 ${action === "dismiss" ? "bg-zinc-800 hover:bg-zinc-900 focus-visible:outline-zinc-800 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-white" : "bg-red-700 hover:bg-red-800 focus-visible:outline-red-700"}`}
          >
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Icon className="size-4" aria-hidden />}
            {busy ? t("queue.working") : confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}
