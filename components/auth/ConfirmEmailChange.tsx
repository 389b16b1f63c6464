"use client";

import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Clock, LoaderCircle, MailX, XCircle } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Link } from "@/i18n/navigation";
import { apiRequest, isApiError } from "@/lib/api-client";
import { Button, buttonClass } from "@/components/ui/Button";
import { ScreenHeading } from "./ScreenHeading";
import { classifyVerifyFailure } from "./verify-state";

const button = (variant: "primary" | "secondary") => `${buttonClass({ variant, full: true })} sm:w-auto sm:min-w-44`;

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
    <div className="flex flex-col justify-center gap-3 sm:flex-row">
      <Link href="/dashboard/profile-management" className={button("primary")}>
        {t("goToProfile")}
      </Link>
      <Link href="/" className={button("secondary")}>
        {t("backHome")}
      </Link>
    </div>
  );

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
      <div className="mx-auto flex max-w-md flex-col gap-7 py-8" data-testid="confirm-email-success">
        <ScreenHeading icon={CheckCircle2} title={t("successTitle")} tone="success">
          <p>{t("successText", { email: query.data.email })}</p>
        </ScreenHeading>
        {links}
      </div>
    );
  }

  if (token && isApiError(query.error) && query.error.kind === "HTTP" && query.error.status === 409) {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-7 py-8" data-testid="confirm-email-taken">
        <ScreenHeading icon={MailX} title={t("takenTitle")} tone="warning">
          <p>{query.error.message}</p>
        </ScreenHeading>
        {links}
      </div>
    );
  }

  const failure = token ? classifyVerifyFailure(query.error, t("failedDefault")) : { outcome: "invalid" as const, message: t("tokenRequired") };
  if (failure.outcome === "error") {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-7 py-8" data-testid="confirm-email-error">
        <ScreenHeading icon={XCircle} title={t("errorTitle")} tone="danger">
          <p>{failure.message}</p>
        </ScreenHeading>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button full onClick={() => window.location.reload()} className="sm:w-auto sm:min-w-44">
            {t("tryAgain")}
          </Button>
        </div>
      </div>
    );
  }
  const expired = failure.outcome === "expired";
  return (
    <div className="mx-auto flex max-w-md flex-col gap-7 py-8" data-testid={expired ? "confirm-email-expired" : "confirm-email-invalid"}>
      <ScreenHeading icon={expired ? Clock : MailX} title={expired ? t("expiredTitle") : t("invalidTitle")} tone="warning">
        <p>{token ? failure.message : t("tokenRequired")}</p>
        <p className="mt-1 text-sm">{t("nextSteps")}</p>
      </ScreenHeading>
      {links}
    </div>
  );
}
