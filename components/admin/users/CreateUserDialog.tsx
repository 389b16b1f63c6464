"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { BirthDateSelect } from "@/components/auth/BirthDateSelect";
import { Banner } from "@/components/ui/Banner";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { PasswordField, SelectField, TextField } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import { notifySuccess } from "@/components/ui/toast";
import { useRouter } from "@/i18n/navigation";
import { Role, ROLE_NAMES } from "@/lib/enums";
import { createUserSchema, type CreateUserPayload } from "@/lib/validation/users";
import { FormActions, useUserFormat, useUserTranslate } from "./parts";
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
      <Button onClick={() => setOpen(true)} icon={<UserPlus className="size-4.5" aria-hidden />} className="shrink-0" data-testid="create-user">
        {t("create")}
      </Button>
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
  const tp = useTranslations("auth.password");
  const { role: roleName } = useUserFormat();
  const translate = useUserTranslate();
  const schema = useMemo(() => createUserSchema(translate), [translate]);
  const resolver: Resolver<CreateValues, unknown, CreateUserPayload> = zodResolver(schema as unknown as z.ZodType<CreateUserPayload, CreateValues>);
  const api = useUsersApi();
  const router = useRouter();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [open, setOpen] = useState(true);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, control, setError, formState } = useForm<CreateValues, unknown, CreateUserPayload>({
    resolver,
    defaultValues: { fullName: "", username: "", email: "", password: "", confirmPassword: "", dateOfBirth: "", role: Role.reader },
  });
  const { errors, isSubmitting: busy } = formState;

  // The dialog opens on its first field (it is open by now: the kit's dialog opened it in its own effect).
  useEffect(() => ref.current?.querySelector<HTMLInputElement>("input")?.focus(), []);

  const submit = handleSubmit(async (payload) => {
    setFormError(null);
    try {
      const created = await api.create(payload);
      notifySuccess(t("created", { username: created?.username ?? payload.username }));
      setOpen(false);
      router.refresh();
    } catch (error) {
      setFormError(showServerErrors(error, setError, FIELDS, t("failed")));
    }
  });
  const password = { showLabel: tp("show"), hideLabel: tp("hide"), autoComplete: "new-password" } as const;

  return (
    <Dialog
      open={open}
      dialogRef={ref}
      onClose={onClose}
      title={t("title")}
      description={<p className="-mt-0.5 leading-5">{t("intro")}</p>}
      closeLabel={t("cancel")}
      busy={busy}
      onSubmit={submit}
      width="lg"
      testId="create-user-dialog"
      footer={<FormActions busy={busy} cancelLabel={t("cancel")} onCancel={() => setOpen(false)} label={t("submit")} busyLabel={t("submitting")} testId="create-submit" />}
    >
      {formError && <Banner tone="error" testId="create-user-error">{formError}</Banner>}
      {/* On a phone the form is one column that scrolls in the dialog: its fields sit a little closer. */}
      <div className="grid gap-x-4 gap-y-3.5 sm:grid-cols-2 sm:gap-y-4">
        <TextField id={`${id}-fullName`} label={t("fullName")} autoComplete="off" error={errors.fullName?.message} registration={register("fullName")} />
        <TextField id={`${id}-username`} label={t("username")} autoComplete="off" autoCapitalize="none" spellCheck={false} error={errors.username?.message} registration={register("username")} />
        <TextField id={`${id}-email`} className="sm:col-span-2" type="email" dir="ltr" label={t("email")} autoComplete="off" error={errors.email?.message} registration={register("email")} />
        <PasswordField id={`${id}-password`} label={t("password")} hint={t("passwordHint")} error={errors.password?.message} registration={register("password")} {...password} />
        <PasswordField id={`${id}-confirmPassword`} label={t("confirmPassword")} error={errors.confirmPassword?.message} registration={register("confirmPassword")} {...password} />
        <SelectField id={`${id}-role`} label={t("role")} error={errors.role?.message} data-testid="create-role" registration={register("role", { valueAsNumber: true })}>
          {ROLE_NAMES.map((_, r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </SelectField>
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
    </Dialog>
  );
}
