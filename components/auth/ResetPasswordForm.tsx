"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, CheckCircle2, LockKeyhole, ShieldAlert } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { getPathname, Link, useRouter } from "@/i18n/navigation";
import { apiRequest, isApiError } from "@/lib/api-client";
import { resetPasswordFormSchema } from "@/lib/validation/auth";
import { Banner } from "@/components/ui/Banner";
import { textLinkClass } from "@/components/ui/Button";
import { PasswordField, SubmitButton } from "@/components/ui/fields";
import { navigateWithRetry } from "./navigate";
import { ScreenHeading } from "./ScreenHeading";

/** Spec §2, §4, §9: after a successful reset the screen waits this long, then goes to /auth. */
export const RESET_REDIRECT_MS = 2000;

/** A bar that empties over `ms` (the wait before the redirect). */
function CountdownBar({ ms }: { ms: number }) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setStarted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className="mx-auto h-1.5 w-40 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden>
      <div
        className="h-full w-full origin-left bg-emerald-500 ease-linear rtl:origin-right"
        style={{ transform: started ? "scaleX(0)" : "scaleX(1)", transitionProperty: "transform", transitionDuration: `${ms}ms` }}
      />
    </div>
  );
}

function BackToLogin() {
  const t = useTranslations("auth.reset");
  return (
    <Link href="/auth" className={`inline-flex items-center justify-center gap-1.5 text-sm ${textLinkClass}`}>
      <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
      {t("backToLogin")}
    </Link>
  );
}

/**
 * /auth/reset-password?token= (spec §2, §4, §5 reading B): without a token, the token-required view;
 * with one, a new password and its confirmation (show/hide), "Resetting..." while sending, then the
 * success texts and, 2 s later, /auth.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useTranslations("auth.reset");
  const tp = useTranslations("auth.password");
  const tv = useTranslations("validation");
  const locale = useLocale();
  const schema = useMemo(() => resetPasswordFormSchema((key) => tv(key)), [tv]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useLoginAfterReset(done);

  if (!token) {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-7 py-6">
        <ScreenHeading icon={ShieldAlert} title={t("tokenRequired")} tone="warning">
          <p>{t("invalidToken")}</p>
        </ScreenHeading>
        <BackToLogin />
      </div>
    );
  }

  if (done) {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-7 py-6" role="status">
        <ScreenHeading icon={CheckCircle2} title={t("successTitle")} tone="success">
          <p>{t("successText")}</p>
        </ScreenHeading>
        <CountdownBar ms={RESET_REDIRECT_MS} />
      </div>
    );
  }

  const onSubmit = handleSubmit(async ({ password, confirmPassword }) => {
    setFailure(null);
    try {
      await apiRequest("/api/Authentication/ResetPassword", {
        method: "POST",
        body: { token, Password: password, ConfirmPassword: confirmPassword },
        locale,
      });
      setDone(true);
    } catch (err) {
      console.error("Password reset failed:", err);
      setFailure(isApiError(err) && err.kind === "HTTP" && err.message ? err.message : t("failed"));
    }
  });

  return (
    <div className="mx-auto flex max-w-md flex-col gap-7 py-2">
      <ScreenHeading icon={LockKeyhole} title={t("title")}>
        <p>{t("description")}</p>
      </ScreenHeading>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-labelledby="auth-title">
        {failure && <Banner tone="error" testId="reset-error">{failure}</Banner>}
        <PasswordField showLabel={tp("show")} hideLabel={tp("hide")} id="reset-password" label={t("newPassword")} autoComplete="new-password" error={errors.password?.message} registration={register("password")} />
        <PasswordField showLabel={tp("show")} hideLabel={tp("hide")} id="reset-confirmPassword" label={t("confirmPassword")} autoComplete="new-password" error={errors.confirmPassword?.message} registration={register("confirmPassword")} />
        <SubmitButton busy={isSubmitting} busyLabel={t("submitting")} label={t("submit")} />
      </form>
      <BackToLogin />
    </div>
  );
}

/** Once the password is reset: the login page after the spec's 2 s, retried until the browser is there (spec §9). */
function useLoginAfterReset(done: boolean) {
  const locale = useLocale();
  const router = useRouter();
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => {
      const target = getPathname({ href: "/auth", locale });
      navigateWithRetry({
        navigate: () => router.replace("/auth"),
        arrived: () => window.location.pathname === target,
        fallbackUrl: target,
      });
    }, RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, locale, router]);
}
