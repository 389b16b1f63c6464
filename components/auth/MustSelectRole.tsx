"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, BookOpen, PenTool } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { getPathname } from "@/i18n/navigation";
import { useApiMutation } from "@/components/providers/api-query";
import { refreshSessionToken } from "@/components/providers/use-api";
import { selectRoleSchema, SelectableRole } from "@/lib/validation/auth";
import { BirthDateSelect } from "./BirthDateSelect";
import { Banner } from "@/components/ui/Banner";
import { Button } from "@/components/ui/Button";
import { SubmitButton } from "@/components/ui/fields";
import { RoleCards } from "./RoleCards";

/**
 * /auth/must-select-role (spec §2, §4): step 1 picks reader or writer, step 2 the date of birth. Submit is
 * blocked while in progress; on success the session's tokens are rotated (they carry the new role and
 * the cleared flag) and the user goes to /dashboard, replacing this page in history.
 */
type SelectRoleBody = z.output<ReturnType<typeof selectRoleSchema>>;

export function MustSelectRole() {
  const t = useTranslations("auth.selectRole");
  const tr = useTranslations("auth.register");
  const tv = useTranslations("validation");
  const schema = useMemo(() => selectRoleSchema((key) => tv(key)), [tv]);
  const [step, setStep] = useState<1 | 2>(1);
  const {
    control,
    handleSubmit,
    setValue,
    formState: { isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { userRoleType: SelectableRole.reader, dateOfBirth: "" },
  });
  const role = useWatch({ control, name: "userRoleType" });

  const { failure, leaving, submit } = useChooseRole();

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div>
        <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">{t("step", { step })}</p>
        <h1 id="auth-title" className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">
          {step === 1 ? t("chooseRole") : t("dobTitle")}
        </h1>
        <p className="mt-1.5 text-zinc-600 dark:text-zinc-400">{step === 1 ? t("subtitle") : t("dobHint")}</p>
        <div className="mt-4 flex gap-2" aria-hidden>
          <span className="h-1.5 flex-1 rounded-full bg-brand-600" />
          <span className={`h-1.5 flex-1 rounded-full ${step === 2 ? "bg-brand-600" : "bg-zinc-200 dark:bg-zinc-800"}`} />
        </div>
      </div>

      {step === 1 ? (
        <RoleCards
          selected={role}
          onSelect={(chosen) => {
            setValue("userRoleType", chosen);
            setStep(2);
          }}
        />
      ) : (
        <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="flex flex-col gap-5" aria-labelledby="auth-title">
          <div className="flex items-center gap-3 rounded-xl bg-zinc-100 px-4 py-3 text-sm font-semibold dark:bg-zinc-800">
            {role === SelectableRole.writer ? <PenTool className="size-4 text-brand-600" aria-hidden /> : <BookOpen className="size-4 text-brand-600" aria-hidden />}
            {tr("roleLabel")}: {role === SelectableRole.writer ? tr("writer") : tr("reader")}
          </div>
          {failure && <Banner tone="error" testId="select-role-error">{failure}</Banner>}
          <Controller
            control={control}
            name="dateOfBirth"
            render={({ field, fieldState }) => (
              <BirthDateSelect id="select-role-dob" label={tr("dateOfBirth")} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <Button variant="secondary" className="sm:w-40" onClick={() => setStep(1)} disabled={isSubmitting || leaving} icon={<ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />}>
              {t("back")}
            </Button>
            <SubmitButton busy={isSubmitting || leaving} busyLabel={t("submitting")} label={t("submit")} />
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * Sends the choice (FirebaseMigration), then rotates the session's tokens (they carry the new role and the cleared
 * flag; the JWT callback also reloads the user) and goes to /dashboard with a full load that replaces this page: the
 * router may hold a prefetched /dashboard that still redirected here, and every client cache starts from the new
 * session. One submission at a time.
 */
function useChooseRole() {
  const t = useTranslations("auth.selectRole");
  const locale = useLocale();
  const migrate = useApiMutation((api, body: SelectRoleBody) => api("/api/Authentication/FirebaseMigration", { method: "POST", body }));
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const inFlight = useRef(false);
  const submit = async (payload: SelectRoleBody) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      await migrate.mutateAsync(payload);
      if (!(await refreshSessionToken())) throw new Error("The session could not be refreshed");
      setLeaving(true);
      window.location.replace(getPathname({ href: "/dashboard", locale }));
    } catch (err) {
      console.error("Role selection failed:", err);
      setFailure(t("failed"));
    } finally {
      inFlight.current = false;
    }
  };
  return { failure, leaving, submit };
}
