"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircle, Flag, Loader2, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { useTexts } from "@/i18n/client";
import { useApi } from "@/components/providers/use-api";
import { isApiError } from "@/lib/api-client";
import { REPORT_REASON_NAMES, ReportReason } from "@/lib/report-enums";
import { REPORT_LIMITS, reportFormSchema, textLength, type ReportValidationKey } from "@/lib/validation/reports";
import { isolate } from "@/lib/bidi";
import type { ReportTarget } from "./ReportButton";

type Outcome = "sent" | "already" | "cancelled";

const field =
  "block w-full resize-y rounded-xl border bg-white px-3.5 py-2.5 text-[15px] text-zinc-900 shadow-sm outline-none transition placeholder:text-zinc-500 focus:ring-4 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-400";
const okBorder = "border-zinc-300 focus:border-brand-500 focus:ring-brand-500/15 dark:border-zinc-700";
const badBorder = "border-red-600 focus:border-red-600 focus:ring-red-500/15 dark:border-red-500";

function ErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </p>
  );
}

/**
 * The report form as a native modal <dialog> (focus kept inside, Escape cancels, focus returns to the Report button):
 * a reason (radio group, each with a hint), details (required for "other", with a counter) and send. The shared schema
 * (lib/validation/reports.ts) checks it in the page's language before the server checks it again.
 */
export default function ReportDialog({ target, onDone }: { target: ReportTarget; onDone: (outcome: Outcome) => void }) {
  const t = useTexts("reports");
  const api = useApi();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const [already, setAlready] = useState(false);
  const [sent, setSent] = useState(false);
  const schema = useMemo(() => reportFormSchema((key: ReportValidationKey) => t(`errors.${key}`)), [t]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { reason: undefined, details: "" } });
  const reason = useWatch({ control, name: "reason" });
  const details = useWatch({ control, name: "details" }) ?? "";
  const otherChosen = String(reason) === String(ReportReason.Other);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // The dialog's return value says how it ended (Escape leaves it empty: cancelled, or "already" after a 409).
  useEffect(() => {
    if (sent) ref.current?.close("sent");
  }, [sent]);
  const cancel = () => {
    if (!busy) ref.current?.close(already ? "already" : "cancelled");
  };

  const submit = handleSubmit(async (values) => {
    setBusy(true);
    setFailure("");
    try {
      await api("/api/Report/Submit", {
        method: "POST",
        body: { mangaId: target.mangaId, chapterId: target.chapterId ?? null, reason: values.reason, details: values.details || undefined },
      });
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setFailure(t("already"));
        setAlready(true);
      } else if (isApiError(error) && error.status === 422) {
        const fields = error.fieldErrors;
        if (fields.reason?.[0]) setError("reason", { message: fields.reason[0] });
        if (fields.details?.[0]) setError("details", { message: fields.details[0] });
        if (!fields.reason && !fields.details) setFailure(error.message);
      } else setFailure(isApiError(error) && error.kind === "HTTP" ? error.message : t("failed"));
    } finally {
      setBusy(false);
    }
  });

  const detailsId = `${id}-details`;
  const counterId = `${id}-counter`;
  const reasonErrorId = `${id}-reason-error`;
  const detailsErrorId = `${id}-details-error`;
  const title = target.chapterId ? t("titleChapter", { chapter: isolate(target.title) }) : t("titleManga", { title: isolate(target.title) });

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onClose={(event) => onDone((event.currentTarget.returnValue || (already ? "already" : "cancelled")) as Outcome)}
      onCancel={(event) => busy && event.preventDefault()}
      data-testid="report-dialog"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
              <Flag className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <h2 id={`${id}-title`} className="text-lg font-bold break-words">
                {title}
              </h2>
              <p id={`${id}-intro`} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                {t("intro")}
              </p>
            </div>
          </div>
          <button
            type="button"
            onClick={cancel}
            aria-label={t("cancel")}
            className="grid size-9 shrink-0 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>

        <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
          <legend className="mb-2 text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("reasonLegend")}</legend>
          <div className="flex flex-col gap-2">
            {REPORT_REASON_NAMES.map((name, value) => (
              <label
                key={name}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-zinc-200 p-3 transition hover:bg-zinc-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:border-zinc-700 dark:hover:bg-zinc-800 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-600/15"
              >
                <input
                  type="radio"
                  value={value}
                  className="mt-1 size-4 shrink-0 accent-brand-600"
                  aria-describedby={`${id}-hint-${name}`}
                  data-testid={`report-reason-${name}`}
                  {...register("reason")}
                />
                <span className="min-w-0">
                  <span className="block font-semibold">{t(`reasons.${name}`)}</span>
                  <span id={`${id}-hint-${name}`} className="block text-sm text-zinc-600 dark:text-zinc-400">
                    {t(`reasonHints.${name}`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <ErrorText id={reasonErrorId} message={errors.reason?.message} />
        </fieldset>

        <div>
          <label htmlFor={detailsId} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">
            {t("detailsLabel")} <span className="font-normal text-zinc-600 dark:text-zinc-400">({otherChosen ? t("detailsRequired") : t("detailsOptional")})</span>
          </label>
          <textarea
            id={detailsId}
            rows={4}
            placeholder={t("detailsPlaceholder")}
            aria-required={otherChosen || undefined}
            aria-invalid={errors.details ? true : undefined}
            aria-describedby={[errors.details ? detailsErrorId : null, counterId].filter(Boolean).join(" ")}
            className={`${field} ${errors.details ? badBorder : okBorder}`}
            data-testid="report-details"
            {...register("details")}
          />
          <p id={counterId} className={`mt-1 text-end text-xs tabular-nums ${textLength(details.trim()) > REPORT_LIMITS.detailsMax ? "font-semibold text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400"}`}>
            {/* Numbers around a slash read left to right in both languages ("0 / 1000"). */}
            <span dir="ltr">{t("counter", { count: textLength(details.trim()), max: REPORT_LIMITS.detailsMax })}</span>
          </p>
          <ErrorText id={detailsErrorId} message={errors.details?.message} />
        </div>

        {failure && (
          <p role="alert" data-testid="report-failure" className="flex items-start gap-2 rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800 dark:bg-red-500/10 dark:text-red-300">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {failure}
          </p>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={cancel}
            disabled={busy}
            className="h-11 rounded-xl border border-zinc-300 px-4 font-semibold text-zinc-800 transition hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
          >
            {t("cancel")}
          </button>
          <button
            type="submit"
            disabled={busy || already}
            data-testid="report-submit"
            className="inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-red-700 px-4 font-semibold text-white shadow-sm transition hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
          >
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Flag className="size-4" aria-hidden />}
            {busy ? t("sending") : t("submit")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
