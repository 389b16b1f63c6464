"use client";

import { Check, X } from "lucide-react";
import { useMemo, useState } from "react";
import { useApiMutation } from "@/components/providers/api-query";
import { Button } from "@/components/ui/Button";
import { notifySuccess } from "@/components/ui/toast";
import { useRouter, useTexts } from "@/i18n/client";
import { MONETIZATION, resolvePayoutSchema, type MonetizationValidationKey, type PayoutOutcome } from "@/lib/validation/monetization";
import { ActionDialog } from "./ActionDialog";
import { keepFocus, panelHeading } from "./keep-focus";

/**
 * Root's two decisions on a waiting payout request: "Mark paid" records the transfer root made in the payment service
 * (its reference id is required), "Mark failed" returns the amount to the writer with a note they read. Both are
 * checked with the shared schema, then by the server.
 */
export function PayoutActions({ transactionId, name, email, amount }: { transactionId: number; name: string; email: string; amount: string }) {
  const t = useTexts("monetization");
  const resolve = useApiMutation((api, body: Record<string, unknown>) => api("/api/Monetization/ResolvePayout", { method: "POST", body }));
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
      <Button size="sm" aria-haspopup="dialog" onClick={() => setOpen("paid")} icon={<Check className="size-4" aria-hidden />} data-testid="payout-mark-paid">
        {t("queue.markPaid")}
      </Button>
      <Button size="sm" variant="secondary" aria-haspopup="dialog" onClick={() => setOpen("failed")} icon={<X className="size-4" aria-hidden />} data-testid="payout-mark-failed">
        {t("queue.markFailed")}
      </Button>
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
            await resolve.mutateAsync(body);
            notifySuccess(t(open === "paid" ? "queue.paidDone" : "queue.failedDone"));
            router.refresh();
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
