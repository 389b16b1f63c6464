"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { getSession, signInWithCredentials } from "@/components/providers/session-store";
import { useLocale, useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { SwitchLine } from "./SwitchLine";
import { Link, useRouter } from "@/i18n/navigation";
import { RETURN_PARAM, safeReturnPath } from "@/lib/return-path";
import { keepFavoriteIntentFor } from "@/lib/take-favorite-intent";
import { loginSchema } from "@/lib/validation/auth";
import { Banner } from "@/components/ui/Banner";
import { textLinkClass } from "@/components/ui/Button";
import { PasswordField, SubmitButton, TextField } from "@/components/ui/fields";

/** next-auth reports a failed sign-in as text; the provider sends `{ status, message }` as JSON in it. */
export function signInFailureMessage(error: string | null | undefined): string | null {
  if (!error) return null;
  try {
    const parsed: unknown = JSON.parse(error);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") return parsed.message;
  } catch {
    // not ours (e.g. "CredentialsSignin")
  }
  return null;
}

/**
 * Login (spec §2): username or e-mail, password, Forgot Password link. A failure shows the server's
 * message in a red banner above the form; success goes to /auth/force-reset-password/{id} when the
 * account must still choose a role, else back to the dashboard page the visitor was sent here from
 * (`?next=`, lib/return-path.ts), else to /dashboard/discovery (where /dashboard redirects: straight there, one
 * round trip fewer).
 */
export function LoginForm({
  notice,
  sessionEnded,
  defaultIdentifier = "",
  onRegister,
}: {
  notice?: string | null;
  /** Why the visitor's session ended (`/auth?reason=`), said above the form. */
  sessionEnded?: string | null;
  defaultIdentifier?: string;
  onRegister: () => void;
}) {
  const t = useTranslations("auth.login");
  const tp = useTranslations("auth.password");
  const tv = useTranslations("validation");
  const returnTo = safeReturnPath(useSearchParams().get(RETURN_PARAM)) ?? "/dashboard/discovery";
  const schema = useMemo(() => loginSchema((key) => tv(key)), [tv]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { username: defaultIdentifier, password: "" },
  });
  const { failure, leaving, signIn } = useSignIn(returnTo);
  const onSubmit = handleSubmit((values) => signIn(values.username ?? "", values.password));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-labelledby="auth-title">
      <div>
        <h1 id="auth-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {t("title")}
        </h1>
        <p className="mt-1.5 text-zinc-600 dark:text-zinc-400">{t("subtitle")}</p>
      </div>
      {sessionEnded && !notice && <Banner tone="info" testId="session-ended">{sessionEnded}</Banner>}
      {notice && <Banner tone="success" testId="auth-notice">{notice}</Banner>}
      {failure && <Banner tone="error" testId="login-error">{failure}</Banner>}
      <TextField
        id="login-username"
        label={t("identifier")}
        placeholder={t("identifierPlaceholder")}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        registration={register("username")}
      />
      <div>
        <PasswordField
          showLabel={tp("show")}
          hideLabel={tp("hide")}
          id="login-password"
          label={t("password")}
          autoComplete="current-password"
          error={errors.password?.message}
          registration={register("password")}
        />
        <div className="mt-2 flex justify-end">
          <Link href="/auth/forgot-password" className={`text-sm ${textLinkClass}`}>
            {t("forgot")}
          </Link>
        </div>
      </div>
      <SubmitButton busy={isSubmitting || leaving} busyLabel={t("submitting")} label={t("submit")} />
      <SwitchLine text={t("noAccount")} label={t("register")} to="register" onSwitch={onRegister} />
    </form>
  );
}

/**
 * Signing in with next-auth's credentials provider, then on to where the user goes next: the role choice when the
 * account must still make it, else `returnTo`. A failure is the server's message (in the page's language).
 */
function useSignIn(returnTo: string) {
  const t = useTranslations("auth.login");
  const locale = useLocale();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const signIn = async (username: string, password: string) => {
    setFailure(null);
    const credentials = { username, password, locale };
    let result = await signInWithCredentials(credentials);
    // next-auth's CSRF cookie can be replaced by a session fetch still in flight from page load; the
    // callback then answers ".../signin?csrf=true". The cookie is settled by now, so try once more.
    if (result.url?.includes("csrf=true")) result = await signInWithCredentials(credentials);
    if (!result.ok || result.error) {
      setFailure(signInFailureMessage(result.error) ?? t("failed"));
      return;
    }
    const session = await getSession();
    const user = session && !session.error ? session.user : undefined;
    if (!user) {
      setFailure(t("failed"));
      return;
    }
    setLeaving(true);
    keepFavoriteIntentFor(returnTo);
    router.replace(user.mustSelectRole ? `/auth/force-reset-password/${user.id}` : returnTo);
  };
  return { failure, leaving, signIn };
}
