"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Flag } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { useApiMutation } from "@/components/providers/api-query";
import { Banner } from "@/components/ui/Banner";
import { Dialog } from "@/components/ui/Dialog";
import { DialogActions } from "@/components/ui/DialogActions";
import { RadioCards, TextAreaField } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import { useTexts } from "@/i18n/client";
import { isApiError } from "@/lib/api-client";
import { REPORT_REASON_NAMES, ReportReason } from "@/lib/report-enums";
import { REPORT_LIMITS, reportFormSchema, textLength, type ReportValidationKey } from "@/lib/validation/reports";
import { isolate } from "@/lib/bidi";
import type { ReportTarget } from "./ReportButton";

type Outcome = "sent" | "already" | "cancelled";

/**
 * The report form in the kit's modal dialog (focus kept inside, Escape cancels, focus returns to the Report button):
 * a reason (radio cards, each with a hint), details (required for "other", with a counter) and send. The shared schema
 * (lib/validation/reports.ts) checks it in the page's language before the server checks it again.
 */
export default function ReportDialog({ target, onDone }: { target: ReportTarget; onDone: (outcome: Outcome) => void }) {
  const t = useTexts("reports");
  const id = useId();
  const { ref, form, reason, details, failure, already, busy, cancel, submit } = useReportForm(target);
  const { register, formState } = form;
  const otherChosen = String(reason) === String(ReportReason.Other);

  const title = target.chapterId ? t("titleChapter", { chapter: isolate(target.title) }) : t("titleManga", { title: isolate(target.title) });
  return (
    <Dialog
      dialogRef={ref}
      onClose={(returnValue) => onDone((returnValue || (already ? "already" : "cancelled")) as Outcome)}
      title={title}
      description={t("intro")}
      icon={<Flag aria-hidden />}
      tone="danger"
      closeLabel={t("cancel")}
      busy={busy}
      onSubmit={submit}
      width="md"
      testId="report-dialog"
      footer={
        <DialogActions
          cancelLabel={t("cancel")}
          onCancel={cancel}
          label={t("submit")}
          busyLabel={t("sending")}
          busy={busy}
          disabled={already}
          variant="danger"
          icon={<Flag className="size-4" aria-hidden />}
          keepFocus
          testId="report-submit"
        />
      }
    >
      <RadioCards
        id={`${id}-reason`}
        legend={t("reasonLegend")}
        options={REPORT_REASON_NAMES.map((name, value) => ({ value, label: t(`reasons.${name}`), hint: t(`reasonHints.${name}`), testId: `report-reason-${name}` }))}
        error={formState.errors.reason?.message}
        registration={register("reason")}
      />
      <TextAreaField
        id={`${id}-details`}
        label={
          <>
            {t("detailsLabel")} <span className="font-normal text-zinc-600 dark:text-zinc-400">({otherChosen ? t("detailsRequired") : t("detailsOptional")})</span>
          </>
        }
        placeholder={t("detailsPlaceholder")}
        aria-required={otherChosen || undefined}
        error={formState.errors.details?.message}
        counter={{ count: textLength(details.trim()), max: REPORT_LIMITS.detailsMax }}
        registration={register("details")}
        data-testid={`${id}-details`}
      />
      {failure && <Banner tone="error" testId="report-failure">{failure}</Banner>}
    </Dialog>
  );
}

/**
 * The form's state and its sending: the shared schema in the page's language, the watched reason and details, the
 * failure text (a 409 means it was already reported) and how the dialog closes (sent, already or cancelled).
 */
function useReportForm(target: ReportTarget) {
  const t = useTexts("reports");
  const ref = useRef<HTMLDialogElement>(null);
  const [failure, setFailure] = useState("");
  const [already, setAlready] = useState(false);
  const [sent, setSent] = useState(false);
  const schema = useMemo(() => reportFormSchema((key: ReportValidationKey) => t(`errors.${key}`)), [t]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { reason: undefined, details: "" },
  });
  const { handleSubmit, control, setError, formState } = form;
  const reason = useWatch({ control, name: "reason" });
  const details = useWatch({ control, name: "details" }) ?? "";
  const send = useApiMutation((api, body: { reason: number; details?: string }) =>
    api("/api/Report/Submit", { method: "POST", body: { mangaId: target.mangaId, chapterId: target.chapterId ?? null, ...body } }),
  );
  // The dialog's return value says how it ended (Escape leaves it empty: cancelled, or "already" after a 409).
  useEffect(() => {
    if (sent) ref.current?.close("sent");
  }, [sent]);
  const cancel = () => ref.current?.close(already ? "already" : "cancelled");

  // The action keeps the focus while sending and after a 409 (aria-disabled, DialogActions' keepFocus): a press then
  // does nothing.
  const submitForm = handleSubmit(async (values) => {
    setFailure("");
    try {
      await send.mutateAsync({ reason: values.reason, details: values.details || undefined });
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setFailure(t("already"));
        setAlready(true);
      } else setFailure(showServerErrors(error, setError, ["reason", "details"], t("failed")) ?? "");
    }
  });
  const submit = (e: FormEvent<HTMLFormElement>) => (formState.isSubmitting || already ? e.preventDefault() : submitForm(e));

  return { ref, form, reason, details, failure, already, busy: formState.isSubmitting, cancel, submit };
}
