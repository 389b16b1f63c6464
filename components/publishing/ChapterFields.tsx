"use client";

import { useLocale, useTranslations } from "next-intl";
import { Controller, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { FreeAtField, useDatePartLabels } from "@/components/premium/FreeAtField";
import { CheckboxField, TextField } from "@/components/ui/fields";
import { cx } from "@/components/ui/cx";
import type { ChapterFormInput } from "@/lib/validation/publishing";
import { DateTimeField } from "@/components/ui/DateTimeField";

type FieldName = "title" | "publish" | "premium" | "free-at";

/**
 * A chapter's own fields, shared by the uploader (two columns from the small breakpoint) and the edit dialog (one
 * column): its title, scheduled release, premium flag and, while premium is ticked, the free date.
 */
export function ChapterFields({
  idOf,
  register,
  control,
  errors,
  premium,
  zone,
  publishLabel,
  disabled,
  columns = false,
}: {
  idOf: (field: FieldName) => string;
  register: UseFormRegister<ChapterFormInput>;
  control: Control<ChapterFormInput>;
  errors: FieldErrors<ChapterFormInput>;
  premium: boolean;
  zone: string;
  publishLabel: string;
  disabled?: boolean;
  columns?: boolean;
}) {
  const t = useTranslations("upload");
  const locale = useLocale();
  const partLabels = useDatePartLabels();
  return (
    <div className={columns ? "grid gap-4 sm:grid-cols-2" : "flex flex-col gap-4"}>
      <TextField id={idOf("title")} label={t("title")} error={errors.title?.message} registration={register("title")} autoComplete="off" dir="auto" disabled={disabled} className={cx(columns && "sm:col-span-2")} />
      <Controller
        control={control}
        name="publishAt"
        render={({ field }) => (
          <DateTimeField
            id={idOf("publish")}
            label={publishLabel}
            hint={t("publishAtHint", { zone })}
            error={errors.publishAt?.message}
            value={field.value as string | null | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            locale={locale}
            partLabels={partLabels}
          />
        )}
      />
      <div className={cx("flex flex-col justify-center gap-1", columns && "sm:pt-6")}>
        <CheckboxField id={idOf("premium")} label={<span className="font-semibold">{t("premium")}</span>} hint={t("premiumHint")} error={errors.isPremium?.message} registration={register("isPremium")} />
      </div>
      {premium && (
        <div className={cx(columns && "sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]")}>
          <Controller
            control={control}
            name="freeAt"
            render={({ field }) => (
              <FreeAtField id={idOf("free-at")} value={field.value as string | null | undefined} onChange={field.onChange} onBlur={field.onBlur} error={errors.freeAt?.message} zone={zone} disabled={disabled} />
            )}
          />
        </div>
      )}
    </div>
  );
}
