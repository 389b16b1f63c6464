"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ChevronDown, UserPlus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { toast } from "react-toastify";
import type { z } from "zod";
import { BirthDateSelect } from "@/components/auth/BirthDateSelect";
import { Banner, ButtonSpinner, FieldError, PasswordField, secondaryButton, TextField } from "@/components/auth/fields";
import { toastTheme } from "@/components/notifications/NotificationsProvider";
import { useRouter } from "@/i18n/navigation";
import { isApiError } from "@/lib/api-client";
import { Role, ROLE_NAMES } from "@/lib/enums";
import { createUserSchema, type CreateUserPayload } from "@/lib/validation/users";
import { selectClass, useUserFormat, useUserTranslate } from "./parts";
import { useUsersApi } from "./users-api";

interface CreateValues {
  fullName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  dateOfBirth: string;
  role: Role;
}
type FieldName = keyof CreateValues;
const FIELDS: readonly FieldName[] = ["fullName", "username", "email", "password", "confirmPassword", "dateOfBirth", "role"];

/** The "Create user" button and its dialog. */
export function CreateUserButton() {
  const t = useTranslations("admin.users");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl bg-brand-600 px-4 font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        data-testid="create-user"
      >
        <UserPlus className="size-4.5" aria-hidden />
        {t("create")}
      </button>
      {open && <CreateUserDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Root creates an account of any role (POST /api/User/CreateUser): the registration fields with the shared schema
 * (lib/validation/users.ts, the same rules and texts as the server), the date of birth optional, the role 0–4. The
 * server's field errors (a taken username or e-mail: 409 on the field) are shown under their fields.
 */
function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("admin.users.createDialog");
  const { role: roleName } = useUserFormat();
  const translate = useUserTranslate();
  const schema = useMemo(() => createUserSchema(translate), [translate]);
  const resolver: Resolver<CreateValues, unknown, CreateUserPayload> = zodResolver(schema as unknown as z.ZodType<CreateUserPayload, CreateValues>);
  const api = useUsersApi();
  const router = useRouter();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateValues, unknown, CreateUserPayload>({
    resolver,
    defaultValues: { fullName: "", username: "", email: "", password: "", confirmPassword: "", dateOfBirth: "", role: Role.reader },
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    dialog.querySelector<HTMLInputElement>("input")?.focus();
  }, []);

  const close = () => {
    if (isSubmitting) return;
    ref.current?.close();
  };

  const submit = handleSubmit(async (payload, event) => {
    setFormError(null);
    try {
      const created = await api.create(payload);
      toast.success(t("created", { username: created?.username ?? payload.username }), { theme: toastTheme() });
      // The dialog around the submitted form (the ref is not read inside a submit handler: react-hooks/refs).
      (event?.target as HTMLElement | undefined)?.closest("dialog")?.close();
      router.refresh();
    } catch (error) {
      if (!isApiError(error) || error.kind !== "HTTP") {
        setFormError(t("failed"));
        return;
      }
      const unplaced: string[] = [];
      for (const [field, messages] of Object.entries(error.fieldErrors)) {
        const name = FIELDS.find((f) => f.toLowerCase() === field.toLowerCase());
        const message = messages[0];
        if (!message) continue;
        if (name) setError(name, { type: "server", message }, { shouldFocus: true });
        else unplaced.push(message);
      }
      if (Object.keys(error.fieldErrors).length === 0) setFormError(error.message || t("failed"));
      else if (unplaced.length) setFormError(unplaced.join(" "));
    }
  });

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onClose={onClose}
      onCancel={(event) => isSubmitting && event.preventDefault()}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 dark:bg-zinc-900 dark:text-zinc-100"
      data-testid="create-user-dialog"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 id={`${id}-title`} className="text-lg font-bold">
              {t("title")}
            </h2>
            <p id={`${id}-intro`} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {t("intro")}
            </p>
          </div>
          <button
            type="button"
            onClick={close}
            aria-label={t("cancel")}
            className="grid size-10 shrink-0 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>

        {formError && <Banner tone="error" testId="create-user-error">{formError}</Banner>}

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${id}-fullName`} label={t("fullName")} autoComplete="off" error={errors.fullName?.message} registration={register("fullName")} />
          <TextField id={`${id}-username`} label={t("username")} autoComplete="off" autoCapitalize="none" spellCheck={false} error={errors.username?.message} registration={register("username")} />
          <TextField id={`${id}-email`} className="sm:col-span-2" type="email" dir="ltr" label={t("email")} autoComplete="off" error={errors.email?.message} registration={register("email")} />
          <PasswordField id={`${id}-password`} label={t("password")} autoComplete="new-password" hint={t("passwordHint")} error={errors.password?.message} registration={register("password")} />
          <PasswordField id={`${id}-confirmPassword`} label={t("confirmPassword")} autoComplete="new-password" error={errors.confirmPassword?.message} registration={register("confirmPassword")} />
          <div>
            <label htmlFor={`${id}-role`} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">
              {t("role")}
            </label>
            <div className="relative">
              <select id={`${id}-role`} className={selectClass} aria-invalid={errors.role ? true : undefined} data-testid="create-role" {...register("role", { valueAsNumber: true })}>
                {ROLE_NAMES.map((_, r) => (
                  <option key={r} value={r}>
                    {roleName(r)}
                  </option>
                ))}
              </select>
              <ChevronDown className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
            </div>
            <FieldError id={`${id}-role-error`} message={errors.role?.message} />
          </div>
          <Controller
            control={control}
            name="dateOfBirth"
            render={({ field, fieldState }) => (
              <div className="sm:col-span-2">
                <BirthDateSelect id={`${id}-dateOfBirth`} label={t("dateOfBirth")} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
              </div>
            )}
          />
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} disabled={isSubmitting} className={secondaryButton}>
            {t("cancel")}
          </button>
          <button
            type="submit"
            disabled={isSubmitting}
            aria-busy={isSubmitting || undefined}
            className="inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 text-[15px] font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
            data-testid="create-submit"
          >
            {isSubmitting && <ButtonSpinner />}
            {isSubmitting ? t("submitting") : t("submit")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
