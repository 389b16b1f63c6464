"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { BadgeCheck, MailWarning } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { useApiMutation } from "@/components/providers/api-query";
import { Banner } from "@/components/ui/Banner";
import { SubmitButton, TextField } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import { notifySuccess } from "@/components/ui/toast";
import { updateSelfSchema } from "@/lib/validation/auth";
import { ImageEditor } from "./ImageEditor";
import { PasswordInput } from "./PasswordInput";
import type { ProfileUser } from "./ProfileManagement";
import { updateSelf } from "./profile-api";
import { Section } from "./Section";

type Fields = "fullName" | "username" | "email";

/**
 * The details form: its schema, values and errors, whether the e-mail is changing, the notice above it, and the save
 * (only what changed; a new address with the current password).
 */
function useDetailsForm(user: ProfileUser, onUser: (user: ProfileUser) => void) {
  const t = useTranslations("profile.details");
  const tv = useTranslations("validation");
  const update = useApiMutation((api, body: Parameters<typeof updateSelf>[1]) => updateSelf(api, body));
  const schema = useMemo(
    () =>
      updateSelfSchema((key) => tv(key))
        .pick({ fullName: true, username: true, email: true, currentPassword: true })
        .required({ fullName: true, username: true, email: true }),
    [tv],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { fullName: user.fullName, username: user.username, email: user.email, currentPassword: "" },
  });
  const typedEmail = useWatch({ control, name: "email" });
  const emailChanging = typeof typedEmail === "string" && typedEmail.trim().toLowerCase() !== user.email.toLowerCase();
  const [notice, setNotice] = useState<{ tone: "success" | "error" | "info"; text: string } | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    const changes: Partial<Record<Fields, string>> = {};
    for (const key of ["fullName", "username", "email"] as const) if (values[key] !== user[key]) changes[key] = values[key];
    if (Object.keys(changes).length === 0) {
      setNotice({ tone: "info", text: t("noChanges") });
      return;
    }
    const newEmail = changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase() ? changes.email : null;
    if (newEmail && !values.currentPassword) {
      setError("currentPassword", { message: tv("passwordRequired") }, { shouldFocus: true });
      return;
    }
    try {
      const next = await update.mutateAsync(newEmail ? { ...changes, currentPassword: values.currentPassword } : changes);
      onUser(next);
      reset({ fullName: next.fullName, username: next.username, email: next.email, currentPassword: "" });
      const text = newEmail ? t("confirmSent", { email: newEmail }) : t("saved");
      setNotice({ tone: "success", text });
      notifySuccess(text);
    } catch (error) {
      // A taken username or address is a 409 naming the field in its message (shown above the form).
      const message = showServerErrors(error, setError, ["fullName", "username", "email", "currentPassword"], t("failed"));
      if (message) setNotice({ tone: "error", text: message });
    }
  });

  return { register, errors, isSubmitting, emailChanging, notice, onSubmit };
}

/**
 * Full name, username and e-mail (UpdateSelf), and the picture. A new address asks for the current password (shown once
 * the e-mail field differs from the account's) and changes only when the link mailed to it is opened (issue 27, item 6).
 */
export function DetailsSection({ user, onUser }: { user: ProfileUser; onUser: (user: ProfileUser) => void }) {
  const t = useTranslations("profile.details");
  const { register, errors, isSubmitting, emailChanging, notice, onSubmit } = useDetailsForm(user, onUser);

  return (
    <Section id="details" title={t("heading")} intro={t("intro")}>
      <div className="grid gap-6 md:grid-cols-[auto_1fr] md:gap-8">
        <ImageEditor user={user} onUser={onUser} />
        <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-4" data-testid="profile-details-form">
          {notice && <Banner tone={notice.tone} testId="profile-details-notice">{notice.text}</Banner>}
          {/* defaultValue too: react-hook-form fills registered fields only in the browser, and the first HTML shows them. */}
          <TextField id="profile-full-name" label={t("fullName")} autoComplete="name" error={errors.fullName?.message} defaultValue={user.fullName} registration={register("fullName")} />
          <TextField id="profile-username" label={t("username")} autoComplete="username" dir="auto" error={errors.username?.message} defaultValue={user.username} registration={register("username")} />
          <div>
            <TextField id="profile-email" label={t("email")} type="email" autoComplete="email" dir="ltr" error={errors.email?.message} hint={t("emailHint")} defaultValue={user.email} registration={register("email")} />
            <EmailStatus verified={user.emailVerified} />
          </div>
          {emailChanging && (
            <PasswordInput
              id="profile-email-password"
              label={t("currentPassword")}
              autoComplete="current-password"
              hint={t("currentPasswordHint")}
              error={errors.currentPassword?.message}
              registration={register("currentPassword")}
            />
          )}
          <div className="sm:max-w-56">
            <SubmitButton busy={isSubmitting} busyLabel={t("saving")} label={t("save")} />
          </div>
        </form>
      </div>
    </Section>
  );
}

/** Whether the account's address is confirmed, under the e-mail field. */
function EmailStatus({ verified }: { verified: boolean }) {
  const t = useTranslations("profile.details");
  return (
    <p className="mt-2 inline-flex items-center gap-1.5 text-xs font-semibold" data-testid="profile-email-status">
      {verified ? (
        <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
          <BadgeCheck className="size-4" aria-hidden />
          {t("verified")}
        </span>
      ) : (
        <span className="inline-flex items-center gap-1.5 text-amber-700 dark:text-amber-400">
          <MailWarning className="size-4" aria-hidden />
          {t("unverified")}
        </span>
      )}
    </p>
  );
}
