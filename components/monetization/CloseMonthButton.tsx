"use client";

import { useMemo, useState } from "react";
import { useApiMutation } from "@/components/providers/api-query";
import { Button } from "@/components/ui/Button";
import { notifySuccess } from "@/components/ui/toast";
import { useLocale, useRouter, useTexts } from "@/i18n/client";
import { creatorPool, formatMoney, formatMonth } from "@/lib/money";
import { closeMonthSchema, MONETIZATION, parseAmountMinor, type MonetizationValidationKey } from "@/lib/validation/monetization";
import { ActionDialog } from "./ActionDialog";
import { keepFocus, panelHeading } from "./keep-focus";

/**
 * Root enters an ended month's net advertising income and closes it: the dialog states the month's impressions and
 * writers, shows the creators' pool (60%, rounded down to the cent) as the amount is typed, and checks the amount
 * with the shared schema. Closing cannot be undone; the server refuses a second close.
 */
export function CloseMonthButton({ month, impressions, writers }: { month: string; impressions: number; writers: number }) {
  const t = useTexts("monetization");
  const locale = useLocale();
  const close = useApiMutation((api, income: string) => api("/api/Monetization/CloseMonth", { method: "POST", body: { month, income } }));
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const schema = useMemo(() => closeMonthSchema((key: MonetizationValidationKey) => t(`errors.${key}`)), [t]);
  const name = formatMonth(month, locale);
  const n = new Intl.NumberFormat(locale);

  return (
    <>
      <Button size="sm" ref={keepFocus(panelHeading("months"))} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="close-month" data-month={month}>
        {t("months.close")}
        <span className="sr-only"> ({name})</span>
      </Button>
      {open && (
        <ActionDialog
          testId="close-month-dialog"
          title={t("months.closeTitle", { month: name })}
          text={t("months.closeText", { impressions: n.format(impressions), writers: n.format(writers), percent: MONETIZATION.creatorSharePercent })}
          field={{
            name: "income",
            label: t("months.incomeLabel"),
            help: t("months.incomeHelp"),
            inputMode: "decimal",
            maxLength: 20,
            validate: (value) => {
              const result = schema.safeParse({ month, income: value });
              return result.success ? null : (result.error.issues[0]?.message ?? null);
            },
            preview: (value) => {
              const minor = parseAmountMinor(value);
              if (minor === null || minor <= 0) return null;
              const pool = creatorPool(minor, MONETIZATION.creatorSharePercent);
              return t("months.preview", { pool: formatMoney(pool, MONETIZATION.currency, locale) });
            },
          }}
          confirmLabel={t("months.confirm")}
          busyLabel={t("payout.saving")}
          cancelLabel={t("months.cancel")}
          failedText={(message) => t("months.failed", { message })}
          onConfirm={async (value) => {
            await close.mutateAsync(value);
            notifySuccess(t("months.done", { month: name }));
            router.refresh();
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
