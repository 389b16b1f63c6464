"use client";

import { useTranslations } from "next-intl";
import { isolate } from "@/lib/bidi";
import { useId, useMemo, useState } from "react";
import { Controller, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { Banner } from "@/components/ui/Banner";
import { Drawer } from "@/components/ui/Drawer";
import { RadioCards, SelectField, Switch, TextField } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import { notifySuccess } from "@/components/ui/toast";
import { useRouter } from "@/i18n/navigation";
import { ApiError, isApiError } from "@/lib/api-client";
import { PremiumPlan, Role, ROLE_NAMES } from "@/lib/enums";
import { SUBSCRIPTION_MAX_DAYS, updateUserSchema, type UpdateUserInput, type UserRow } from "@/lib/validation/users";
import { FormActions, UserAvatar, useUserFormat, useUserTranslate } from "./parts";
import { useUsersApi } from "./users-api";

type SubscriptionAction = "keep" | "grant" | "end";

interface EditValues {
  fullName: string;
  username: string;
  email: string;
  role: string;
  isBanned: boolean;
  emailVerified: boolean;
  unlock: boolean;
  trusted: boolean;
  subscriptionAction: SubscriptionAction;
  plan: string;
  days: string;
}
type FieldName = keyof EditValues;
const FIELDS: readonly FieldName[] = ["fullName", "username", "email", "role", "isBanned", "emailVerified", "unlock", "trusted", "plan", "days"];

/** An error's field in the form: `subscription.durationDays` → days, `subscription.type` → plan. */
function fieldOf(path: readonly PropertyKey[] | string): FieldName | null {
  const parts = typeof path === "string" ? path.split(/[.[\]]/).filter(Boolean) : path.map(String);
  const [head, sub] = parts.map((p) => p.toLowerCase());
  if (head === "subscription") return sub === "type" ? "plan" : "days";
  return FIELDS.find((f) => f.toLowerCase() === head) ?? null;
}

/** The server's field errors under the form's own field names (so showServerErrors can place them). */
function underFormFields(error: unknown): unknown {
  if (!isApiError(error) || error.kind !== "HTTP") return error;
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(error.fieldErrors)) errors[fieldOf(path) ?? path] = messages;
  return new ApiError("HTTP", error.message, { status: error.status, data: { errors } });
}

/** Only what changed, as UpdateUser takes it; root's own role and ban never change. */
function changes(v: EditValues, user: UserRow, isSelf: boolean): UpdateUserInput {
  const payload: UpdateUserInput = { id: user.id };
  if (v.fullName.trim() !== user.fullName) payload.fullName = v.fullName;
  if (v.username.trim() !== user.username) payload.username = v.username;
  if (v.email.trim() !== user.email) payload.email = v.email;
  const nextRole = isSelf || v.role === undefined ? user.role : Number(v.role);
  if (nextRole !== user.role) payload.role = nextRole as Role;
  const banned = isSelf || v.isBanned === undefined ? user.isBanned : v.isBanned;
  if (banned !== user.isBanned) payload.isBanned = banned;
  if (v.emailVerified !== user.emailVerified) payload.emailVerified = v.emailVerified;
  if (v.unlock) payload.unlock = true;
  if (v.trusted !== user.trusted && (nextRole === Role.writer || !v.trusted)) payload.trusted = v.trusted;
  if (v.subscriptionAction === "grant") payload.subscription = { type: Number(v.plan) as PremiumPlan, durationDays: v.days.trim() === "" ? Number.NaN : Number(v.days) };
  if (v.subscriptionAction === "end") payload.subscription = null;
  return payload;
}

/**
 * The edit drawer of one account (issue 15): name, username and e-mail; role, ban, e-mail verification, unlock (when
 * locked or with failed sign-ins), trusted (writers); subscription grant/extend or end. Only what changed is sent
 * (PUT /api/User/UpdateUser, checked first with the shared schema); the list reloads from the server afterwards.
 * On root's own account the role and the ban are disabled with the reason (the server refuses them as well).
 */
export function EditUserDrawer({ user, isSelf, onClose }: { user: UserRow; isSelf: boolean; onClose: () => void }) {
  const { role: roleName } = useUserFormat();
  const t = useTranslations("admin.users.drawer");
  const translate = useUserTranslate();
  const schema = useMemo(() => updateUserSchema(translate), [translate]);
  const api = useUsersApi();
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(true);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, control, setError, formState } = useForm<EditValues>({
    defaultValues: {
      fullName: user.fullName,
      username: user.username,
      email: user.email,
      role: String(user.role),
      isBanned: user.isBanned,
      emailVerified: user.emailVerified,
      unlock: false,
      trusted: user.trusted,
      subscriptionAction: "keep",
      plan: String(user.subscription?.type ?? PremiumPlan.Premium),
      days: "30",
    },
  });
  const busy = formState.isSubmitting;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const payload = changes(values, user, isSelf);
    if (Object.keys(payload).length === 1) return setFormError(t("noChanges"));
    const checked = schema.safeParse(payload);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = fieldOf(issue.path);
        if (field) setError(field, { type: "schema", message: issue.message }, { shouldFocus: true });
        else setFormError(issue.message);
      }
      return;
    }
    try {
      const saved = await api.update(payload);
      notifySuccess(t("saved", { username: saved?.username ?? user.username }));
      setOpen(false);
      router.refresh();
    } catch (error) {
      setFormError(showServerErrors(underFormFields(error), setError, FIELDS, t("failed")));
    }
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t("title", { username: user.username })}
      subtitle={roleName(user.role)}
      leading={<UserAvatar user={user} size="size-10" />}
      closeLabel={t("close")}
      busy={busy}
      onSubmit={submit}
      testId="edit-user-drawer"
      footer={<FormActions busy={busy} cancelLabel={t("cancel")} onCancel={() => setOpen(false)} label={t("save")} busyLabel={t("saving")} testId="edit-save" />}
    >
      <div className="flex flex-col gap-6">
        {formError && <Banner tone="error" testId="edit-user-error">{formError}</Banner>}
        <Section legend={t("account")}>
          <TextField id={`${id}-fullName`} label={t("fullName")} autoComplete="off" error={formState.errors.fullName?.message} registration={register("fullName")} />
          <TextField id={`${id}-username`} label={t("username")} autoComplete="off" autoCapitalize="none" spellCheck={false} error={formState.errors.username?.message} registration={register("username")} />
          <TextField id={`${id}-email`} type="email" dir="ltr" label={t("email")} autoComplete="off" error={formState.errors.email?.message} registration={register("email")} />
        </Section>
        <AccessFields id={id} user={user} isSelf={isSelf} control={control} register={register} errors={formState.errors} />
        <SubscriptionFields id={id} user={user} control={control} register={register} errors={formState.errors} />
      </div>
    </Drawer>
  );
}

function Section({ legend, children, gap = "gap-4" }: { legend: string; children: React.ReactNode; gap?: string }) {
  return (
    <fieldset className={`flex flex-col ${gap}`}>
      <legend className="mb-3 text-xs font-bold tracking-wider text-zinc-600 uppercase dark:text-zinc-400">{legend}</legend>
      {children}
    </fieldset>
  );
}

interface PartProps {
  id: string;
  user: UserRow;
  control: Control<EditValues>;
  register: UseFormRegister<EditValues>;
  errors: FieldErrors<EditValues>;
}

/** A switch of the form (react-hook-form's value), with an optional reason it cannot be used. */
function FormSwitch({ control, name, id, label, hint, reason, disabled, testId }: { control: Control<EditValues>; name: "isBanned" | "emailVerified" | "unlock" | "trusted"; id: string; label: string; hint?: string; reason?: string; disabled?: boolean; testId: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          id={id}
          label={label}
          checked={Boolean(field.value)}
          onChange={field.onChange}
          disabled={disabled}
          testId={testId}
          hint={
            hint || reason ? (
              <>
                {hint}
                {reason && (
                  <span className="mt-1 block text-sm font-medium text-amber-800 dark:text-amber-300" data-testid={`${testId}-reason`}>
                    {reason}
                  </span>
                )}
              </>
            ) : undefined
          }
        />
      )}
    />
  );
}

/** Role, ban, e-mail verification, unlock and trusted. */
function AccessFields({ id, user, isSelf, control, register, errors }: PartProps & { isSelf: boolean }) {
  const { t: tu, role: roleName } = useUserFormat();
  const t = useTranslations("admin.users.drawer");
  const role = Number(useWatch({ control, name: "role" }) ?? user.role);
  const canUnlock = user.isLocked || user.failedLoginAttempts > 0;
  return (
    <Section legend={t("access")}>
      <SelectField
        id={`${id}-role`}
        label={t("role")}
        disabled={isSelf}
        hint={
          isSelf ? (
            <span className="text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="self-role-reason">
              {tu("selfReasons.role")}
            </span>
          ) : role !== user.role ? (
            // Said before Save: the server revokes every sign-in of the account on a role change (issue 31, 6c).
            <span className="text-sm font-medium text-amber-800 dark:text-amber-300" role="status" data-testid="role-change-warning">
              {t("roleChangeWarning", { username: isolate(`@${user.username}`) })}
            </span>
          ) : undefined
        }
        error={errors.role?.message}
        data-testid="edit-role"
        registration={register("role")}
      >
        {ROLE_NAMES.map((_, r) => (
          <option key={r} value={r}>
            {roleName(r)}
          </option>
        ))}
      </SelectField>
      <FormSwitch control={control} name="isBanned" id={`${id}-banned`} label={t("banned")} hint={t("bannedHint")} reason={isSelf ? tu("selfReasons.ban") : undefined} disabled={isSelf} testId="edit-banned" />
      <FormSwitch control={control} name="emailVerified" id={`${id}-verified`} label={t("emailVerified")} testId="edit-verified" />
      {canUnlock && <FormSwitch control={control} name="unlock" id={`${id}-unlock`} label={t("unlock")} hint={t("unlockHint", { count: user.failedLoginAttempts })} testId="edit-unlock" />}
      {role === Role.writer && <FormSwitch control={control} name="trusted" id={`${id}-trusted`} label={t("trusted")} hint={t("trustedHint")} testId="edit-trusted" />}
    </Section>
  );
}

/** The current plan, and keep / grant or extend / end. */
function SubscriptionFields({ id, user, control, register, errors }: PartProps) {
  const { t: tu } = useUserFormat();
  const t = useTranslations("admin.users.drawer");
  const action = useWatch({ control, name: "subscriptionAction" });
  const actions: SubscriptionAction[] = ["keep", "grant", ...(user.subscription ? (["end"] as const) : [])];
  return (
    <Section legend={t("subscription")} gap="gap-3">
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="edit-subscription-current">
        {user.subscription ? t("current", { plan: tu(`plans.${user.subscription.type}`), days: tu("daysLeft", { count: user.subscription.remainingDays }) }) : t("noSubscription")}
      </p>
      <RadioCards
        id={`${id}-action`}
        legend={<span className="sr-only">{t("subscriptionAction")}</span>}
        options={actions.map((value) => ({ value, label: t(value), testId: `edit-subscription-${value}` }))}
        registration={register("subscriptionAction")}
      />
      {action === "grant" && (
        <div className="grid grid-cols-2 gap-3 rounded-2xl bg-zinc-50 p-3 dark:bg-zinc-950/40">
          <SelectField id={`${id}-plan`} label={t("plan")} error={errors.plan?.message} data-testid="edit-plan" registration={register("plan")}>
            <option value={PremiumPlan.Premium}>{tu("plans.0")}</option>
            <option value={PremiumPlan.PremiumPlus}>{tu("plans.1")}</option>
          </SelectField>
          <TextField
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={1}
            max={SUBSCRIPTION_MAX_DAYS}
            label={t("days")}
            error={errors.days?.message}
            registration={register("days")}
            data-testid="edit-days"
          />
          <p className="col-span-2 text-xs text-zinc-600 dark:text-zinc-400">{t("daysHint")}</p>
        </div>
      )}
    </Section>
  );
}
