"use client";

import { ChevronDown, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "react-toastify";
import { Banner, ButtonSpinner, FieldError, secondaryButton, TextField } from "@/components/auth/fields";
import { toastTheme } from "@/components/notifications/NotificationsProvider";
import { useRouter } from "@/i18n/navigation";
import { isApiError } from "@/lib/api-client";
import { PremiumPlan, Role, ROLE_NAMES } from "@/lib/enums";
import { SUBSCRIPTION_MAX_DAYS, updateUserSchema, type UpdateUserInput, type UserRow } from "@/lib/validation/users";
import { UserAvatar, selectClass, useUserFormat, useUserTranslate } from "./parts";
import { Switch } from "./Switch";
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

/** An error's field in the form: `subscription.durationDays` → days, `subscription.type` → plan. */
function fieldOf(path: readonly PropertyKey[] | string): FieldName | null {
  const parts = typeof path === "string" ? path.split(/[.[\]]/).filter(Boolean) : path.map(String);
  const [head, sub] = parts.map((p) => p.toLowerCase());
  if (head === "subscription") return sub === "type" ? "plan" : "days";
  const direct: Record<string, FieldName> = { fullname: "fullName", username: "username", email: "email", role: "role", isbanned: "isBanned", emailverified: "emailVerified", unlock: "unlock", trusted: "trusted" };
  return head ? (direct[head] ?? null) : null;
}

/**
 * The edit drawer of one account (issue 15): name, username and e-mail; role, ban, e-mail verification, unlock (when
 * locked or with failed sign-ins), trusted (writers); subscription grant/extend or end. Only what changed is sent
 * (PUT /api/User/UpdateUser, checked first with the shared schema); the list reloads from the server afterwards.
 * On root's own account the role and the ban are disabled with the reason (the server refuses them as well).
 */
export function EditUserDrawer({ user, isSelf, onClose }: { user: UserRow; isSelf: boolean; onClose: () => void }) {
  const { t: tu, role: roleName, subscription: describeSubscription } = useUserFormat();
  const t = useTranslations("admin.users.drawer");
  const translate = useUserTranslate();
  const schema = useMemo(() => updateUserSchema(translate), [translate]);
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
  } = useForm<EditValues>({
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
  const role = Number(useWatch({ control, name: "role" }) ?? user.role);
  const action = useWatch({ control, name: "subscriptionAction" });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const close = () => {
    if (isSubmitting) return;
    ref.current?.close();
  };

  const submit = handleSubmit(async (v, event) => {
    setFormError(null);
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
    if (Object.keys(payload).length === 1) {
      setFormError(t("noChanges"));
      return;
    }
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
      toast.success(t("saved", { username: saved?.username ?? user.username }), { theme: toastTheme() });
      // The dialog around the submitted form (the ref is not read inside a submit handler: react-hooks/refs).
      (event?.target as HTMLElement | undefined)?.closest("dialog")?.close();
      router.refresh();
    } catch (error) {
      if (!isApiError(error) || error.kind !== "HTTP") {
        setFormError(t("failed"));
        return;
      }
      const unplaced: string[] = [];
      for (const [path, messages] of Object.entries(error.fieldErrors)) {
        const field = fieldOf(path);
        const message = messages[0];
        if (!message) continue;
        if (field) setError(field, { type: "server", message }, { shouldFocus: true });
        else unplaced.push(message);
      }
      if (Object.keys(error.fieldErrors).length === 0) setFormError(error.message || t("failed"));
      else if (unplaced.length) setFormError(unplaced.join(" "));
    }
  });

  const canUnlock = user.isLocked || user.failedLoginAttempts > 0;
  const current = describeSubscription(user.subscription);
  const legend = "text-xs font-bold tracking-wider text-zinc-600 uppercase dark:text-zinc-400";
  const radio = "size-4.5 shrink-0 accent-brand-600";

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(event) => isSubmitting && event.preventDefault()}
      className="ms-auto me-0 my-0 h-dvh max-h-dvh w-full max-w-md border-s border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      data-testid="edit-user-drawer"
    >
      <form onSubmit={submit} noValidate className="flex h-full flex-col">
        <header className="flex items-center gap-3 border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
          <UserAvatar user={user} size="size-10" />
          <div className="min-w-0 flex-1">
            <h2 id={`${id}-title`} className="truncate text-lg font-bold" dir="auto">
              {t("title", { username: user.username })}
            </h2>
            <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{roleName(user.role)}</p>
          </div>
          <button
            type="button"
            onClick={close}
            aria-label={t("close")}
            className="grid size-10 shrink-0 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <X className="size-5" aria-hidden />
          </button>
        </header>

        <div className="flex-1 overflow-y-auto px-5 py-5">
          <div className="flex flex-col gap-6">
            {formError && <Banner tone="error" testId="edit-user-error">{formError}</Banner>}

            <fieldset className="flex flex-col gap-4">
              <legend className={`${legend} mb-3`}>{t("account")}</legend>
              <TextField id={`${id}-fullName`} label={t("fullName")} autoComplete="off" error={errors.fullName?.message} registration={register("fullName")} />
              <TextField id={`${id}-username`} label={t("username")} autoComplete="off" autoCapitalize="none" spellCheck={false} error={errors.username?.message} registration={register("username")} />
              <TextField id={`${id}-email`} type="email" dir="ltr" label={t("email")} autoComplete="off" error={errors.email?.message} registration={register("email")} />
            </fieldset>

            <fieldset className="flex flex-col gap-4">
              <legend className={`${legend} mb-3`}>{t("access")}</legend>
              <div>
                <label htmlFor={`${id}-role`} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">
                  {t("role")}
                </label>
                <div className="relative">
                  <select
                    id={`${id}-role`}
                    disabled={isSelf}
                    aria-describedby={[isSelf ? `${id}-role-reason` : null, errors.role ? `${id}-role-error` : null].filter(Boolean).join(" ") || undefined}
                    aria-invalid={errors.role ? true : undefined}
                    className={selectClass}
                    data-testid="edit-role"
                    {...register("role")}
                  >
                    {ROLE_NAMES.map((_, r) => (
                      <option key={r} value={r}>
                        {roleName(r)}
                      </option>
                    ))}
                  </select>
                  <ChevronDown className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
                </div>
                {isSelf && (
                  <p id={`${id}-role-reason`} className="mt-1.5 text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="self-role-reason">
                    {tu("selfReasons.role")}
                  </p>
                )}
                <FieldError id={`${id}-role-error`} message={errors.role?.message} />
              </div>
              <Switch
                id={`${id}-banned`}
                label={t("banned")}
                hint={t("bannedHint")}
                reason={isSelf ? tu("selfReasons.ban") : undefined}
                disabled={isSelf}
                registration={register("isBanned")}
                testId="edit-banned"
              />
              <Switch id={`${id}-verified`} label={t("emailVerified")} registration={register("emailVerified")} testId="edit-verified" />
              {canUnlock && (
                <Switch id={`${id}-unlock`} label={t("unlock")} hint={t("unlockHint", { count: user.failedLoginAttempts })} registration={register("unlock")} testId="edit-unlock" />
              )}
              {role === Role.writer && (
                <Switch id={`${id}-trusted`} label={t("trusted")} hint={t("trustedHint")} registration={register("trusted")} testId="edit-trusted" />
              )}
            </fieldset>

            <fieldset className="flex flex-col gap-3">
              <legend className={`${legend} mb-3`}>{t("subscription")}</legend>
              <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="edit-subscription-current">
                {current && user.subscription ? t("current", { plan: tu(`plans.${user.subscription.type}`), days: tu("daysLeft", { count: user.subscription.remainingDays }) }) : t("noSubscription")}
              </p>
              <div role="radiogroup" aria-label={t("subscriptionAction")} className="flex flex-col gap-2">
                {(["keep", "grant", ...(user.subscription ? (["end"] as const) : [])] as const).map((value) => (
                  <label key={value} className="flex min-h-9 cursor-pointer items-center gap-2.5 text-[15px]">
                    <input type="radio" value={value} className={radio} data-testid={`edit-subscription-${value}`} {...register("subscriptionAction")} />
                    {t(value)}
                  </label>
                ))}
              </div>
              {action === "grant" && (
                <div className="grid grid-cols-2 gap-3 rounded-2xl bg-zinc-50 p-3 dark:bg-zinc-950/40">
                  <div>
                    <label htmlFor={`${id}-plan`} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">
                      {t("plan")}
                    </label>
                    <div className="relative">
                      <select id={`${id}-plan`} className={selectClass} aria-invalid={errors.plan ? true : undefined} data-testid="edit-plan" {...register("plan")}>
                        <option value={PremiumPlan.Premium}>{tu("plans.0")}</option>
                        <option value={PremiumPlan.PremiumPlus}>{tu("plans.1")}</option>
                      </select>
                      <ChevronDown className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
                    </div>
                    <FieldError id={`${id}-plan-error`} message={errors.plan?.message} />
                  </div>
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
            </fieldset>
          </div>
        </div>

        <footer className="flex gap-2 border-t border-zinc-200 px-5 py-4 dark:border-zinc-800">
          <button type="button" onClick={close} disabled={isSubmitting} className={`${secondaryButton} flex-1`}>
            {t("cancel")}
          </button>
          <button
            type="submit"
            disabled={isSubmitting}
            aria-busy={isSubmitting || undefined}
            className="inline-flex h-11 flex-1 items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 text-[15px] font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
            data-testid="edit-save"
          >
            {isSubmitting && <ButtonSpinner />}
            {isSubmitting ? t("saving") : t("save")}
          </button>
        </footer>
      </form>
    </dialog>
  );
}
