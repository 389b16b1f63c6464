"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Clock, Send } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useApiMutation } from "@/components/providers/api-query";
import { Button } from "@/components/ui/Button";
import { TextField } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import { notifySuccess } from "@/components/ui/toast";
import { useLocale, useRouter, useTexts } from "@/i18n/client";
import { formatMoney } from "@/lib/money";
import { updateSelfSchema, type ValidationKey } from "@/lib/validation/auth";
import { ActionDialog } from "./ActionDialog";
import { keepFocus } from "./keep-focus";
import { BESIDE_FIELD } from "./ThresholdForm";

export interface PayoutPanelProps {
  payoutEmail: string | null;
  balanceMinor: number;
  thresholdMinor: number;
  currency: string;
  canRequest: boolean;
  pending: { amountMinor: number; createdAt: string; payoutEmail: string | null } | null;
}

const iso = (text: string) => `\u2068${text}\u2069`;

/**
 * The writer's payout e-mail (UpdateSelf `payoutEmail`, checked by the shared schema) and the payout request: offered
 * when the balance reaches root's threshold and an address is set, confirmed in a dialog; a waiting request is shown
 * instead. The page reloads its figures after each change.
 */
export function PayoutPanel({ payoutEmail, balanceMinor, thresholdMinor, currency, canRequest, pending }: PayoutPanelProps) {
  const t = useTexts("monetization");
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const request = useApiMutation((api) => api("/api/Monetization/RequestPayout", { method: "POST", body: {} }));
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const statusId = `${id}-status`;
  const missing = Math.max(0, thresholdMinor - balanceMinor);
  const status = pending
    ? t("payout.pending", {
        date: new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" }).format(new Date(pending.createdAt)),
        amount: money(pending.amountMinor),
        email: iso(pending.payoutEmail ?? ""),
      })
    : !payoutEmail
      ? t("payout.needEmail")
      : missing > 0
        ? t("payout.belowThreshold", { missing: money(missing), threshold: money(thresholdMinor) })
        : t("payout.canRequest", { amount: money(balanceMinor), email: iso(payoutEmail) });

  return (
    <div className="flex flex-col gap-5">
      <PayoutEmailForm payoutEmail={payoutEmail} />

      <div className="flex flex-col gap-3 rounded-xl bg-zinc-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:bg-zinc-800/60">
        <p id={statusId} tabIndex={-1} className="flex items-start gap-2 text-sm leading-6 text-zinc-700 outline-none dark:text-zinc-300" data-testid="payout-status">
          {pending && <Clock className="mt-1 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />}
          <span>{status}</span>
        </p>
        {!pending && (
          <Button
            ref={keepFocus(() => document.getElementById(statusId))}
            disabled={!canRequest}
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
            icon={<Send className="size-4" aria-hidden />}
            className="shrink-0"
            data-testid="payout-request"
          >
            {t("payout.request")}
          </Button>
        )}
      </div>

      {confirming && payoutEmail && (
        <ActionDialog
          testId="payout-request-dialog"
          title={t("payout.confirmTitle")}
          text={t("payout.confirmText", { amount: money(balanceMinor), email: iso(payoutEmail) })}
          confirmLabel={t("payout.confirm", { amount: money(balanceMinor) })}
          busyLabel={t("payout.requesting")}
          cancelLabel={t("payout.cancel")}
          failedText={(message) => t("payout.failed", { message })}
          onConfirm={async () => {
            await request.mutateAsync(undefined);
            notifySuccess(t("payout.requested"));
            router.refresh();
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/** The payout e-mail: saved (checked by the shared schema first) or removed. */
function PayoutEmailForm({ payoutEmail }: { payoutEmail: string | null }) {
  const t = useTexts("monetization");
  const tv = useTexts("validation");
  const router = useRouter();
  const id = useId();
  const schema = useMemo(() => updateSelfSchema((key: ValidationKey) => tv(key)).pick({ payoutEmail: true }), [tv]);
  const { register, handleSubmit, setError, setValue, formState } = useForm<{ payoutEmail: string }>({
    resolver: zodResolver(schema) as never,
    defaultValues: { payoutEmail: payoutEmail ?? "" },
  });
  const save = useApiMutation((api, value: string | null) =>
    api("/api/Authentication/UpdateSelf", { method: "POST", body: { payoutEmail: value ?? "" }, query: { imageFormat: "url" } }),
  );
  const busy = formState.isSubmitting || save.isPending;

  const write = async (value: string | null) => {
    try {
      await save.mutateAsync(value);
      notifySuccess(value ? t("payout.saved") : t("payout.removed"));
      if (!value) setValue("payoutEmail", "");
      router.refresh();
    } catch (error) {
      const rest = showServerErrors(error, setError, ["payoutEmail"], String(error));
      if (rest) setError("payoutEmail", { type: "server", message: rest }, { shouldFocus: true });
    }
  };
  const submit = handleSubmit(({ payoutEmail: value }) => write(value?.trim() ? value.trim() : null));
  const inputId = `${id}-email`;
  const error = formState.errors.payoutEmail?.message;

  return (
    <form className="flex flex-col gap-2" noValidate onSubmit={(e) => (busy ? e.preventDefault() : void submit(e))}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        {/* The field carries the error's test id while it shows one (the kit's error line has none of its own). */}
        <div className="min-w-0 sm:flex-1" data-testid={error ? "payout-email-error" : undefined}>
          <TextField id={inputId} type="email" dir="ltr" autoComplete="email" label={t("payout.emailLabel")} error={error} registration={register("payoutEmail")} data-testid="payout-email" />
        </div>
        <div className={`flex gap-2 ${BESIDE_FIELD}`}>
          <Button type="submit" variant="secondary" className="flex-1 sm:flex-none" aria-disabled={busy || undefined} data-testid="payout-email-save">
            {busy ? t("payout.saving") : t("payout.save")}
          </Button>
          {payoutEmail && (
            <Button variant="secondary" ref={keepFocus(() => document.getElementById(inputId))} aria-disabled={busy || undefined} onClick={() => !busy && void write(null)} data-testid="payout-email-remove">
              {t("payout.remove")}
            </Button>
          )}
        </div>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("payout.emailHelp")}</p>
    </form>
  );
}
