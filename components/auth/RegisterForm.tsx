"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, BookOpen, PenTool } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { Controller, useForm, type FieldErrors, type Resolver, type UseFormRegister } from "react-hook-form";
import type { z } from "zod";
import { SwitchLine } from "./SwitchLine";
import { apiRequest, isApiError } from "@/lib/api-client";
import { Banner } from "@/components/ui/Banner";
import { IconButton } from "@/components/ui/Button";
import { CheckboxField, PasswordField, SubmitButton, TextField } from "@/components/ui/fields";
import { Segmented } from "@/components/ui/Segmented";
import { showServerErrors } from "@/components/ui/server-errors";
import { registerSchema, SelectableRole, type RegisterPayload } from "@/lib/validation/auth";
import { useSearchParams } from "next/navigation";
import { RETURN_PARAM } from "@/lib/return-path";
import { BirthDateSelect } from "./BirthDateSelect";

export interface RegisterFormValues {
  fullName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  role: SelectableRole;
  dateOfBirth: string;
  tosConfirm: boolean;
  privacyConfirm: boolean;
  ageConfirm: boolean;
  contentSafetyConfirm: boolean;
}

type FieldName = keyof RegisterFormValues;
const FIELDS: readonly FieldName[] = [
  "fullName", "username", "email", "password", "confirmPassword", "role", "dateOfBirth",
  "tosConfirm", "privacyConfirm", "ageConfirm", "contentSafetyConfirm",
];

/** Spec §8: a registration message about the e-mail or username belongs on the username field. */
export function mentionsAccountName(message: string): boolean {
  return /e-?mail|username|البريد|اسم المستخدم/i.test(message);
}

/**
 * The form's state on the shared schema, and its submit: Register, then the username handed back; the server's
 * refusals under their fields (an account-name message without fields under the username, spec §8), else above.
 */
function useRegisterForm(role: SelectableRole, onRegistered: (username: string) => void) {
  const t = useTranslations("auth.register");
  const tv = useTranslations("validation");
  const locale = useLocale();
  const schema = useMemo(() => registerSchema((key) => tv(key)), [tv]);
  // Where the visitor was going (`?next=`): the verification mail's link carries it on to the login.
  const next = useSearchParams().get(RETURN_PARAM) ?? undefined;
  // The shared schema pre-processes the raw body (a username with "@" and "." is also the e-mail), so its
  // input type is `unknown`; the form's own value type is stated here.
  const resolver: Resolver<RegisterFormValues, unknown, RegisterPayload> = zodResolver(schema as z.ZodType<RegisterPayload, RegisterFormValues>);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues, unknown, RegisterPayload>({
    resolver,
    defaultValues: {
      fullName: "", username: "", email: "", password: "", confirmPassword: "", role, dateOfBirth: "",
      tosConfirm: false, privacyConfirm: false, ageConfirm: false, contentSafetyConfirm: false,
    },
  });
  const [formError, setFormError] = useState<string | null>(null);


  const onSubmit = handleSubmit(async (payload) => {
    setFormError(null);
    try {
      await apiRequest("/api/Authentication/Register", { method: "POST", body: { ...payload, role, next }, locale });
      onRegistered(payload.username);
    } catch (err) {
      const message = showServerErrors(err, setError, FIELDS, t("failed"));
      // Spec §8: an answer without field errors that names the e-mail or username belongs on the username field.
      const withoutFields = isApiError(err) && err.kind === "HTTP" && Object.keys(err.fieldErrors).length === 0;
      if (message && withoutFields && mentionsAccountName(message)) setError("username", { type: "server", message }, { shouldFocus: true });
      else setFormError(message);
    }
  });
  return { register, control, setValue, errors, isSubmitting, formError, onSubmit };
}

/**
 * Registration form for the chosen role (spec §2, §5): a role toggle, the shared zod rules, the
 * writer's four consents and the date of birth as day/month/year selects. Success hands the username
 * back so the screen can switch to login.
 */
export function RegisterForm({
  role,
  onRoleChange,
  onBack,
  onRegistered,
  onLogin,
}: {
  role: SelectableRole;
  onRoleChange: (role: SelectableRole) => void;
  onBack: () => void;
  onRegistered: (username: string) => void;
  onLogin: () => void;
}) {
  const t = useTranslations("auth.register");
  const tp = useTranslations("auth.password");
  const { register, control, setValue, errors, isSubmitting, formError, onSubmit } = useRegisterForm(role, onRegistered);
  const chooseRole = (next: SelectableRole) => {
    setValue("role", next);
    onRoleChange(next);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-labelledby="auth-title">
      <div className="flex items-start gap-3">
        <IconButton label={t("back")} icon={<ArrowLeft className="rtl:rotate-180" aria-hidden />} onClick={onBack} className="-ms-2" />
        <h1 id="auth-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {t("title")}
        </h1>
      </div>

      <Segmented
        legend={t("roleLabel")}
        value={String(role)}
        onChange={(value) => chooseRole(Number(value) === SelectableRole.writer ? SelectableRole.writer : SelectableRole.reader)}
        options={[
          { value: String(SelectableRole.reader), label: t("reader"), icon: <BookOpen aria-hidden /> },
          { value: String(SelectableRole.writer), label: t("writer"), icon: <PenTool aria-hidden /> },
        ]}
      />

      {formError && <Banner tone="error" testId="register-error">{formError}</Banner>}

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="register-fullName" label={t("fullName")} placeholder={t("fullNamePlaceholder")} autoComplete="name" error={errors.fullName?.message} registration={register("fullName")} />
        <TextField id="register-username" label={t("username")} placeholder={t("usernamePlaceholder")} autoComplete="username" autoCapitalize="none" spellCheck={false} error={errors.username?.message} registration={register("username")} />
      </div>
      <TextField id="register-email" type="email" label={t("email")} placeholder={t("emailPlaceholder")} autoComplete="email" error={errors.email?.message} registration={register("email")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField showLabel={tp("show")} hideLabel={tp("hide")} id="register-password" label={t("password")} autoComplete="new-password" hint={t("passwordHint")} error={errors.password?.message} registration={register("password")} />
        <PasswordField showLabel={tp("show")} hideLabel={tp("hide")} id="register-confirmPassword" label={t("confirmPassword")} autoComplete="new-password" error={errors.confirmPassword?.message} registration={register("confirmPassword")} />
      </div>
      <Controller
        control={control}
        name="dateOfBirth"
        render={({ field, fieldState }) => (
          <BirthDateSelect id="register-dateOfBirth" label={t("dateOfBirth")} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      {errors.role?.message && <Banner tone="error">{errors.role.message}</Banner>}

      {role === SelectableRole.writer && (
        <WriterConsents register={register} errors={errors} />
      )}

      <SubmitButton busy={isSubmitting} busyLabel={t("submitting")} label={t("submit")} />
      <SwitchLine text={t("haveAccount")} label={t("login")} to="login" onSwitch={onLogin} />
    </form>
  );
}

const CONSENTS = [
  ["tosConfirm", "tos"],
  ["privacyConfirm", "privacy"],
  ["ageConfirm", "age"],
  ["contentSafetyConfirm", "contentSafety"],
] as const;

/** The writer's four consents (spec §5), each a required checkbox with its error. */
function WriterConsents({ register, errors }: { register: UseFormRegister<RegisterFormValues>; errors: FieldErrors<RegisterFormValues> }) {
  const t = useTranslations("auth.register");
  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-800 dark:bg-zinc-900/60">
      <legend className="px-1 text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("consents")}</legend>
      {CONSENTS.map(([name, text]) => (
        <CheckboxField key={name} id={`register-${name}`} label={t(text)} error={errors[name]?.message} registration={register(name)} />
      ))}
    </fieldset>
  );
}
