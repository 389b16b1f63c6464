"use client";

import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Clock, LoaderCircle, MailX, XCircle } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { Link, useRouter } from "@/i18n/navigation";
import { apiRequest } from "@/lib/api-client";
import { useAuth } from "@/components/providers/use-auth";
import { Button, buttonClass } from "@/components/ui/Button";
import { ScreenHeading } from "./ScreenHeading";
import { classifyVerifyFailure } from "./verify-state";

const button = (variant: "primary" | "secondary") => `${buttonClass({ variant, full: true })} sm:w-auto sm:min-w-44`;

/**
 * /auth/verify-email?token= (spec §2, §4): loading, then success, expired, invalid or error, each with
 * the spec's texts and buttons. No token is "invalid" with "Token is required to verify email". A
 * signed-in user is taken to /dashboard once the link has been used.
 */
export function VerifyEmail({ token }: { token: string | null }) {
  const t = useTranslations("auth.verify");
  const locale = useLocale();
  const router = useRouter();
  const { status } = useAuth();
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
    if (signedIn && settled) router.replace("/dashboard");
  }, [signedIn, settled, router]);

  if (token && query.isPending) {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-7 py-8" role="status" aria-live="polite">
        <ScreenHeading icon={LoaderCircle} title={t("loading")} spin>
          <p>{t("loadingText")}</p>
        </ScreenHeading>
      </div>
    );
  }

  if (token && query.isSuccess) {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-7 py-8" data-testid="verify-success">
        <ScreenHeading icon={CheckCircle2} title={t("successTitle")} tone="success">
          <p>{signedIn ? t("redirecting") : t("successText")}</p>
        </ScreenHeading>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          {signedIn ? (
            <Link href="/dashboard" className={button("primary")}>
              {t("goToDashboard")}
            </Link>
          ) : (
            <Link href={{ pathname: "/auth", query: { type: "login" } }} className={button("primary")}>
              {t("loginNow")}
            </Link>
          )}
          <Link href="/" className={button("secondary")}>
            {t("backHome")}
          </Link>
        </div>
      </div>
    );
  }

  const failure = token ? classifyVerifyFailure(query.error, t("failedDefault")) : { outcome: "invalid" as const, message: t("tokenRequired") };
  const backToLogin = (
    <Link href={{ pathname: "/auth", query: { type: "login" } }} className={button("secondary")}>
      {t("backToLogin")}
    </Link>
  );

  if (failure.outcome === "error") {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-7 py-8" data-testid="verify-error">
        <ScreenHeading icon={XCircle} title={t("errorTitle")} tone="danger">
          <p>{failure.message}</p>
        </ScreenHeading>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button full onClick={() => window.location.reload()} className="sm:w-auto sm:min-w-44">
            {t("tryAgain")}
          </Button>
          {backToLogin}
        </div>
      </div>
    );
  }

  const expired = failure.outcome === "expired";
  return (
    <div className="mx-auto flex max-w-md flex-col gap-7 py-8" data-testid={expired ? "verify-expired" : "verify-invalid"}>
      <ScreenHeading icon={expired ? Clock : MailX} title={expired ? t("expiredTitle") : t("invalidTitle")} tone="warning">
        <p>{token ? failure.message : t("tokenRequired")}</p>
        <p className="mt-1 text-sm">{t("nextSteps")}</p>
      </ScreenHeading>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Link href={{ pathname: "/auth", query: { type: "register" } }} className={button("primary")}>
          {t("registerAgain")}
        </Link>
        {backToLogin}
      </div>
    </div>
  );
}
