"use client";

import { useLocale, useTranslations } from "next-intl";
import { DateTimeField, type DateTimePartLabels } from "@/components/ui/DateTimeField";

/** The date field's part labels (day, month, year, hour, minute) in the page's language (`upload` reaches the dashboard's client). */
export function useDatePartLabels(): DateTimePartLabels {
  const t = useTranslations("upload.dateParts");
  return { day: t("day"), month: t("month"), year: t("year"), hour: t("hour"), minute: t("minute") };
}

/**
 * A premium chapter's free date (a timed premium window, issue 16): a local date-time, empty for "premium for good".
 * Shown by the chapter forms under the premium box while it is ticked.
 */
export function FreeAtField({
  id,
  value,
  onChange,
  onBlur,
  error,
  zone,
  disabled,
}: {
  id: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  zone: string;
  disabled?: boolean;
}) {
  const t = useTranslations("premium.freeAt");
  const locale = useLocale();
  const partLabels = useDatePartLabels();
  return (
    <div data-testid="free-at-field">
      <DateTimeField id={id} label={t("label")} hint={t("hint", { zone })} error={error} value={value} onChange={onChange} onBlur={onBlur} disabled={disabled} locale={locale} partLabels={partLabels} />
    </div>
  );
}
