"use client";

import { AlertCircle, Clock, Send } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { toast } from "react-toastify";
import { toastTheme } from "@/components/notifications/NotificationsProvider";
import { useApi } from "@/components/providers/use-api";
import { useLocale, useRouter, useTexts } from "@/i18n/client";
import { isApiError } from "@/lib/api-client";
import { formatMoney } from "@/lib/money";
import { updateSelfSchema, type ValidationKey } from "@/lib/validation/auth";
import { ActionDialog } from "./ActionDialog";
import { keepFocus } from "./keep-focus";

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
  const tv = useTexts("validation");
  const locale = useLocale();
  const api = useApi();
  const router = useRouter();
  const id = useId();
  const [email, setEmail] = useState(payoutEmail ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const schema = useMemo(() => updateSelfSchema((key: ValidationKey) => tv(key)).pick({ payoutEmail: true }), [tv]);
  const money = (minor: number) => formatMoney(minor, currency, locale);

  const save = async (value: string | null) => {
    if (saving) return;
    setError(null);
    const parsed = schema.safeParse({ payoutEmail: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t("payout.failed", { message: "" }));
      return;
    }
    setSaving(true);
    try {
      await api("/api/Authentication/UpdateSelf", { method: "POST", body: { payoutEmail: value ?? "" }, query: { imageFormat: "url" } });
      toast.success(value ? t("payout.saved") : t("payout.removed"), { theme: toastTheme() });
      if (!value) setEmail("");
      router.refresh();
    } catch (err) {
      const message = isApiError(err) ? (err.fieldErrors.payoutEmail?.[0] ?? err.message) : String(err);
      setError(message);
    } finally {
      setSaving(false);
    }
  };

  const inputId = `${id}-email`;
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;
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
      <form
        className="flex flex-col gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(email.trim() === "" ? null : email.trim());
        }}
      >
        <label htmlFor={inputId} className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("payout.emailLabel")}</label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            type="email"
            dir="ltr"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${helpId} ${errorId}` : helpId}
            data-testid="payout-email"
            className={`h-11 w-full min-w-0 rounded-xl border sm:flex-1 bg-white px-3.5 text-[15px] text-zinc-900 shadow-sm outline-none transition focus:ring-4 dark:bg-zinc-950 dark:text-zinc-100 ${
              error ? "border-red-600 focus:ring-red-500/15" : "border-zinc-300 focus:border-brand-500 focus:ring-brand-500/15 dark:border-zinc-700"
            }`}
          />
          <div className="flex gap-2">
            <button
              type="submit"
              aria-disabled={saving || undefined}
              data-testid="payout-email-save"
              className="inline-flex h-11 flex-1 items-center justify-center rounded-xl bg-zinc-900 px-4 font-semibold text-white transition hover:bg-zinc-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:opacity-70 sm:flex-none dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-white"
            >
              {saving ? t("payout.saving") : t("payout.save")}
            </button>
            {payoutEmail && (
              <button
                type="button"
                ref={keepFocus(() => document.getElementById(inputId))}
                aria-disabled={saving || undefined}
                onClick={() => void save(null)}
                data-testid="payout-email-remove"
                className="h-11 rounded-xl border border-zinc-300 px-4 font-semibold text-zinc-800 transition hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:opacity-60 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
              >
                {t("payout.remove")}
              </button>
            )}
          </div>
        </div>
        <p id={helpId} className="text-sm text-zinc-600 dark:text-zinc-400">{t("payout.emailHelp")}</p>
        {error && (
          <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400" data-testid="payout-email-error">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{error}</span>
          </p>
        )}
      </form>

      <div className="flex flex-col gap-3 rounded-xl bg-zinc-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:bg-zinc-800/60">
        <p id={statusId} tabIndex={-1} className="flex items-start gap-2 text-sm leading-6 text-zinc-700 outline-none dark:text-zinc-300" data-testid="payout-status">
          {pending && <Clock className="mt-1 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />}
          <span>{status}</span>
        </p>
        {!pending && (
          <button
            type="button"
            ref={keepFocus(() => document.getElementById(statusId))}
            disabled={!canRequest}
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
            data-testid="payout-request"
            className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl bg-brand-600 px-4 font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-zinc-300 disabled:text-zinc-700 disabled:shadow-none dark:disabled:bg-zinc-700 dark:disabled:text-zinc-200"
          >
            <Send className="size-4" aria-hidden />
            {t("payout.request")}
          </button>
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
            await api("/api/Monetization/RequestPayout", { method: "POST", body: {} });
            toast.success(t("payout.requested"), { theme: toastTheme() });
            router.refresh();
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
