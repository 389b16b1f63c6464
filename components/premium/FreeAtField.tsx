"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { DateTimeField } from "@/components/ui/DateTimeField";

/**
 * A premium chapter's free date (a timed premium window, issue 16): a local date-time, empty for "premium for good".
 * Shown by the chapter forms under the premium box while it is ticked.
 */
export function FreeAtField({ id, registration, error, zone, disabled }: { id: string; registration: UseFormRegisterReturn; error?: string; zone: string; disabled?: boolean }) {
  const t = useTranslations("premium.freeAt");
  return (
    <div data-testid="free-at-field">
      <DateTimeField id={id} label={t("label")} hint={t("hint", { zone })} error={error} registration={registration} disabled={disabled} />
    </div>
  );
}
