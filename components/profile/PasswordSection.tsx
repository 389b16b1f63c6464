"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Banner } from "@/components/ui/Banner";
import { SubmitButton } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import { useApiMutation } from "@/components/providers/api-query";
import { PasswordInput } from "./PasswordInput";
import { changePasswordSchema } from "@/lib/validation/auth";
import { Section } from "./Section";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/** POST /api/Authentication/ChangePassword with register's rules and texts; the other sessions end. */
export function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const t = useTranslations("profile.password");
  const tv = useTranslations("validation");
  const schema = useMemo(() => changePasswordSchema((key) => tv(key)), [tv]);
  const change = useApiMutation((api, body: z.output<typeof schema>) => api("/api/Authentication/ChangePassword", { method: "POST", body }));
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      await change.mutateAsync(values);
      reset();
      setNotice({ tone: "success", text: t("changed") });
      onChanged();
    } catch (error) {
      const message = showServerErrors(error, setError, FIELDS, t("failed"));
      if (message) setNotice({ tone: "error", text: message });
    }
  });

  return (
    <Section id="password" title={t("heading")} intro={t("intro")}>
      <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4" data-testid="profile-password-form">
        {notice && <Banner tone={notice.tone} testId="profile-password-notice">{notice.text}</Banner>}
        <PasswordInput id="profile-current-password" label={t("current")} autoComplete="current-password" error={errors.currentPassword?.message} registration={register("currentPassword")} />
        <PasswordInput id="profile-new-password" label={t("new")} autoComplete="new-password" error={errors.newPassword?.message} registration={register("newPassword")} />
        <PasswordInput id="profile-confirm-password" label={t("confirm")} autoComplete="new-password" error={errors.confirmPassword?.message} registration={register("confirmPassword")} />
        <div className="sm:max-w-56">
          <SubmitButton busy={isSubmitting} busyLabel={t("submitting")} label={t("submit")} />
        </div>
      </form>
    </Section>
  );
}
