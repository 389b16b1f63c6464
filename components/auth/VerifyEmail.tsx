"use client";

import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Clock, LoaderCircle, MailX, XCircle } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { Link, useRouter } from "@/i18n/navigation";
import { apiRequest } from "@/lib/api-client";
import { useAuth } from "@/components/providers/use-auth";
import { OutcomeScreen, outcomeLinkClass, TryAgainButton } from "./OutcomeScreen";
import { useSearchParams } from "next/navigation";
import { RETURN_PARAM, safeReturnPath } from "@/lib/return-path";
import { classifyVerifyFailure } from "./verify-state";

/**
 * /auth/verify-email?token= (spec §2, §4): loading, then success, expired, invalid or error, each with
 * the spec's texts and buttons. No token is "invalid" with "Token is required to verify email". A
 * signed-in user is taken to /dashboard once the link has been used, or to where they were going when they registered
 * (`?next=`, which registration puts in the mailed link: lib/return-path.ts), as is the login it offers.
 */
export function VerifyEmail({ token }: { token: string | null }) {
  const t = useTranslations("auth.verify");
  const locale = useLocale();
  const router = useRouter();
  const { status } = useAuth();
  const next = safeReturnPath(useSearchParams().get(RETURN_PARAM));
  const query = useQuery({
    queryKey: ["verifyEmail", token],
    queryFn: ({ signal }) =>
      apiRequest<unknown>("/api/Authentication/VerifyEmail", { query: { email: "", token }, signal, locale }),
    enabled: Boolean(token),
    refetchOnMount: "always",
    retry: false,
    gcTime: 0,
  });

  const settled = !token || query.isSuccess || query.isError;
  const signedIn = status === "authenticated";
  useEffect(() => {
    if (signedIn && settled) router.replace(next ?? "/dashboard");
  }, [signedIn, settled, router, next]);

  if (token && query.isPending) {
    return (
      <OutcomeScreen icon={LoaderCircle} title={t("loading")} spin status>
        <p>{t("loadingText")}</p>
      </OutcomeScreen>
    );
  }

  if (token && query.isSuccess) return <Verified signedIn={signedIn} next={next} />;

  const failure = token ? classifyVerifyFailure(query.error, t("failedDefault")) : { outcome: "invalid" as const, message: t("tokenRequired") };
  const backToLogin = (
    <Link href={{ pathname: "/auth", query: { type: "login" } }} className={outcomeLinkClass("secondary")}>
      {t("backToLogin")}
    </Link>
  );

  if (failure.outcome === "error") {
    return (
      <OutcomeScreen
        icon={XCircle}
        title={t("errorTitle")}
        tone="danger"
        testId="verify-error"
        actions={
          <>
            <TryAgainButton label={t("tryAgain")} />
            {backToLogin}
          </>
        }
      >
        <p>{failure.message}</p>
      </OutcomeScreen>
    );
  }

  const expired = failure.outcome === "expired";
  return (
    <OutcomeScreen
      icon={expired ? Clock : MailX}
      title={expired ? t("expiredTitle") : t("invalidTitle")}
      tone="warning"
      testId={expired ? "verify-expired" : "verify-invalid"}
      actions={
        <>
          <Link href={{ pathname: "/auth", query: { type: "register" } }} className={outcomeLinkClass("primary")}>
            {t("registerAgain")}
          </Link>
          {backToLogin}
        </>
      }
    >
      <p>{token ? failure.message : t("tokenRequired")}</p>
      <p className="mt-1 text-sm">{t("nextSteps")}</p>
    </OutcomeScreen>
  );
}

/** The address is verified: on to the dashboard (a signed-in user is taken there anyway) or to log in. */
function Verified({ signedIn, next: returnPath }: { signedIn: boolean; next: string | undefined }) {
  const t = useTranslations("auth.verify");
  const next = signedIn ? (
    <Link href={returnPath ?? "/dashboard"} className={outcomeLinkClass("primary")}>
      {t("goToDashboard")}
    </Link>
  ) : (
    <Link href={{ pathname: "/auth", query: returnPath ? { type: "login", [RETURN_PARAM]: returnPath } : { type: "login" } }} className={outcomeLinkClass("primary")}>
      {t("loginNow")}
    </Link>
  );
  return (
    <OutcomeScreen
      icon={CheckCircle2}
      title={t("successTitle")}
      tone="success"
      testId="verify-success"
      actions={
        <>
          {next}
          <Link href="/" className={outcomeLinkClass("secondary")}>
            {t("backHome")}
          </Link>
        </>
      }
    >
      <p>{signedIn ? t("redirecting") : t("successText")}</p>
    </OutcomeScreen>
  );
}
