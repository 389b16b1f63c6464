"use client";

import { Check, X } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "react-toastify";
import { toastTheme } from "@/components/notifications/NotificationsProvider";
import { useApi } from "@/components/providers/use-api";
import { useRouter, useTexts } from "@/i18n/client";
import { MONETIZATION, resolvePayoutSchema, type MonetizationValidationKey, type PayoutOutcome } from "@/lib/validation/monetization";
import { ActionDialog } from "./ActionDialog";
import { keepFocus, panelHeading } from "./keep-focus";

const BUTTON =
  "inline-flex h-9 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * Root's two decisions on a waiting payout request: "Mark paid" records the transfer root made in the payment service
 * (its reference id is required), "Mark failed" returns the amount to the writer with a note they read. Both are
 * checked with the shared schema, then by the server.
 */
export function PayoutActions({ transactionId, name, email, amount }: { transactionId: number; name: string; email: string; amount: string }) {
  const t = useTexts("monetization");
  const api = useApi();
  const router = useRouter();
  const [open, setOpen] = useState<PayoutOutcome | null>(null);
  const schema = useMemo(() => resolvePayoutSchema((key: MonetizationValidationKey) => t(`errors.${key}`)), [t]);
  const iso = (text: string) => `\u2068${text}\u2069`;

  const check = (outcome: PayoutOutcome) => (value: string) => {
    const body = outcome === "paid" ? { transactionId, outcome, referenceId: value } : { transactionId, outcome, note: value };
    const result = schema.safeParse(body);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };

  return (
    <div ref={keepFocus(panelHeading("queue"))} role="group" aria-label={t("queue.actionsFor", { name })} className="flex flex-wrap gap-2">
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen("paid")} data-testid="payout-mark-paid" className={`${BUTTON} bg-emerald-700 text-white hover:bg-emerald-800`}>
        <Check className="size-4" aria-hidden />
        {t("queue.markPaid")}
      </button>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen("failed")}
        data-testid="payout-mark-failed"
        className={`${BUTTON} border border-zinc-300 text-zinc-800 hover:bg-zinc-50 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800`}
      >
        <X className="size-4" aria-hidden />
        {t("queue.markFailed")}
      </button>
      {open && (
        <ActionDialog
          key={open}
          testId={`payout-${open}-dialog`}
          tone={open === "failed" ? "danger" : "brand"}
          title={t(open === "paid" ? "queue.paidTitle" : "queue.failedTitle")}
          text={t(open === "paid" ? "queue.paidText" : "queue.failedText", { amount, email: iso(email), name: iso(name) })}
          field={
            open === "paid"
              ? { name: "referenceId", label: t("queue.referenceLabel"), maxLength: MONETIZATION.referenceMax + 50, validate: check("paid") }
              : { name: "note", label: t("queue.noteLabel"), multiline: true, maxLength: MONETIZATION.noteMax + 100, validate: check("failed") }
          }
          confirmLabel={t(open === "paid" ? "queue.confirmPaid" : "queue.confirmFailed")}
          busyLabel={t("payout.saving")}
          cancelLabel={t("queue.cancel")}
          failedText={(message) => t("queue.failed", { message })}
          onConfirm={async (value) => {
            const body = open === "paid" ? { transactionId, outcome: open, referenceId: value } : { transactionId, outcome: open, note: value };
            await api("/api/Monetization/ResolvePayout", { method: "POST", body });
            toast.success(t(open === "paid" ? "queue.paidDone" : "queue.failedDone"), { theme: toastTheme() });
            router.refresh();
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
