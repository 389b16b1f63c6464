"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useApiMutation } from "@/components/providers/api-query";
import { Button } from "@/components/ui/Button";
import { TextField } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import { notifySuccess } from "@/components/ui/toast";
import { useLocale, useRouter, useTexts } from "@/i18n/client";
import { formatMoney } from "@/lib/money";
import { minorToDecimal, payoutThresholdSchema, type MonetizationValidationKey } from "@/lib/validation/monetization";

/** A button beside a field (whose label sits above its control, on one line) lines up with the control: down by the label's height. */
export const BESIDE_FIELD = "sm:mt-[1.625rem]";

/** Root's payout threshold (POST /api/Monetization/Settings), checked with the shared schema first. */
export function ThresholdForm({ thresholdMinor, currency }: { thresholdMinor: number; currency: string }) {
  const t = useTexts("monetization");
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const schema = useMemo(() => payoutThresholdSchema((key: MonetizationValidationKey) => t(`errors.${key}`)), [t]);
  const { register, handleSubmit, getValues, setError, formState } = useForm<{ threshold: string }, unknown, { threshold: number }>({
    resolver: zodResolver(schema) as never,
    defaultValues: { threshold: minorToDecimal(thresholdMinor) },
  });
  const save = useApiMutation((api, threshold: string) => api("/api/Monetization/Settings", { method: "POST", body: { threshold } }));

  const submit = handleSubmit(async () => {
    try {
      await save.mutateAsync(getValues("threshold").trim());
      notifySuccess(t("threshold.saved"));
      router.refresh();
    } catch (error) {
      // A refusal that is not about the amount is still shown where the amount is.
      const rest = showServerErrors(error, setError, ["threshold"], String(error));
      if (rest) setError("threshold", { type: "server", message: rest }, { shouldFocus: true });
    }
  });

  const busy = formState.isSubmitting;
  return (
    <form onSubmit={(e) => (busy ? e.preventDefault() : void submit(e))} noValidate className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          id={`${id}-threshold`}
          className="w-full sm:w-max"
          label={t("threshold.label")}
          inputMode="decimal"
          dir="ltr"
          error={formState.errors.threshold?.message}
          registration={register("threshold")}
          data-testid="threshold-input"
        />
        <Button type="submit" variant="secondary" className={BESIDE_FIELD} aria-disabled={busy || undefined} data-testid="threshold-save">
          {busy ? t("payout.saving") : t("threshold.save")}
        </Button>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("threshold.help", { amount: formatMoney(thresholdMinor, currency, locale) })}</p>
    </form>
  );
}
