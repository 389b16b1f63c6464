"use client";

import { AlertCircle } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { toast } from "react-toastify";
import { toastTheme } from "@/components/notifications/NotificationsProvider";
import { useApi } from "@/components/providers/use-api";
import { useLocale, useRouter, useTexts } from "@/i18n/client";
import { isApiError } from "@/lib/api-client";
import { formatMoney } from "@/lib/money";
import { minorToDecimal, payoutThresholdSchema, type MonetizationValidationKey } from "@/lib/validation/monetization";

/** Root's payout threshold (POST /api/Monetization/Settings), checked with the shared schema first. */
export function ThresholdForm({ thresholdMinor, currency }: { thresholdMinor: number; currency: string }) {
  const t = useTexts("monetization");
  const locale = useLocale();
  const api = useApi();
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(minorToDecimal(thresholdMinor));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const schema = useMemo(() => payoutThresholdSchema((key: MonetizationValidationKey) => t(`errors.${key}`)), [t]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = schema.safeParse({ threshold: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await api("/api/Monetization/Settings", { method: "POST", body: { threshold: value.trim() } });
      toast.success(t("threshold.saved"), { theme: toastTheme() });
      router.refresh();
    } catch (err) {
      setError(isApiError(err) ? (err.fieldErrors.threshold?.[0] ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  };

  const inputId = `${id}-threshold`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("threshold.label")}</label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          inputMode="decimal"
          dir="ltr"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-help${error ? ` ${inputId}-error` : ""}`}
          data-testid="threshold-input"
          className={`h-11 w-full rounded-xl border bg-white px-3.5 text-[15px] text-zinc-900 shadow-sm outline-none transition focus:ring-4 sm:w-48 dark:bg-zinc-950 dark:text-zinc-100 ${
            error ? "border-red-600 focus:ring-red-500/15" : "border-zinc-300 focus:border-brand-500 focus:ring-brand-500/15 dark:border-zinc-700"
          }`}
        />
        <button
          type="submit"
          aria-disabled={busy || undefined}
          data-testid="threshold-save"
          className="inline-flex h-11 items-center justify-center rounded-xl bg-zinc-900 px-4 font-semibold text-white transition hover:bg-zinc-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:opacity-70 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-white"
        >
          {busy ? t("payout.saving") : t("threshold.save")}
        </button>
      </div>
      <p id={`${inputId}-help`} className="text-sm text-zinc-600 dark:text-zinc-400">{t("threshold.help", { amount: formatMoney(thresholdMinor, currency, locale) })}</p>
      {error && (
        <p id={`${inputId}-error`} className="flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{error}</span>
        </p>
      )}
    </form>
  );
}
