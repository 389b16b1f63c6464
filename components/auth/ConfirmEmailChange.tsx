"use client";

import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Clock, LoaderCircle, MailX, XCircle } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Link } from "@/i18n/navigation";
import { apiRequest, isApiError } from "@/lib/api-client";
import { OutcomeScreen, outcomeLinkClass, TryAgainButton } from "./OutcomeScreen";
import { classifyVerifyFailure } from "./verify-state";

/**
 * /auth/confirm-email-change?token= (issue 27, item 6): loading, then the address changed, nothing changed (the address
 * has an account by now: 409), expired, invalid or error, like the verification page (components/auth/VerifyEmail.tsx).
 */
export function ConfirmEmailChange({ token }: { token: string | null }) {
  const t = useTranslations("auth.confirmEmailChange");
  const locale = useLocale();
  const query = useQuery({
    queryKey: ["confirmEmailChange", token],
    queryFn: ({ signal }) => apiRequest<{ email: string }>("/api/Authentication/ConfirmEmailChange", { query: { token }, signal, locale }),
    enabled: Boolean(token),
    refetchOnMount: "always",
    retry: false,
    gcTime: 0,
  });
  const links = (
    <>
      <Link href="/dashboard/profile-management" className={outcomeLinkClass("primary")}>
        {t("goToProfile")}
      </Link>
      <Link href="/" className={outcomeLinkClass("secondary")}>
        {t("backHome")}
      </Link>
    </>
  );

  if (token && query.isPending) {
    return (
      <OutcomeScreen icon={LoaderCircle} title={t("loading")} spin status>
        <p>{t("loadingText")}</p>
      </OutcomeScreen>
    );
  }
  if (token && query.isSuccess) {
    return (
      <OutcomeScreen icon={CheckCircle2} title={t("successTitle")} tone="success" testId="confirm-email-success" actions={links}>
        <p>{t("successText", { email: query.data.email })}</p>
      </OutcomeScreen>
    );
  }
  if (token && isApiError(query.error) && query.error.kind === "HTTP" && query.error.status === 409) {
    return (
      <OutcomeScreen icon={MailX} title={t("takenTitle")} tone="warning" testId="confirm-email-taken" actions={links}>
        <p>{query.error.message}</p>
      </OutcomeScreen>
    );
  }

  const failure = token ? classifyVerifyFailure(query.error, t("failedDefault")) : { outcome: "invalid" as const, message: t("tokenRequired") };
  if (failure.outcome === "error") {
    return (
      <OutcomeScreen icon={XCircle} title={t("errorTitle")} tone="danger" testId="confirm-email-error" actions={<TryAgainButton label={t("tryAgain")} />}>
        <p>{failure.message}</p>
      </OutcomeScreen>
    );
  }
  const expired = failure.outcome === "expired";
  return (
    <OutcomeScreen icon={expired ? Clock : MailX} title={expired ? t("expiredTitle") : t("invalidTitle")} tone="warning" testId={expired ? "confirm-email-expired" : "confirm-email-invalid"} actions={links}>
      <p>{token ? failure.message : t("tokenRequired")}</p>
      <p className="mt-1 text-sm">{t("nextSteps")}</p>
    </OutcomeScreen>
  );
}
