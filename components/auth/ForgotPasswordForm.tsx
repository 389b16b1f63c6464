"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, KeyRound, MailCheck } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Link } from "@/i18n/navigation";
import { apiRequest, isApiError } from "@/lib/api-client";
import { forgotPasswordSchema } from "@/lib/validation/auth";
import { Banner } from "@/components/ui/Banner";
import { textLinkClass } from "@/components/ui/Button";
import { SubmitButton, TextField } from "@/components/ui/fields";
import { ScreenHeading } from "./ScreenHeading";

type State = { kind: "idle" } | { kind: "sending" } | { kind: "success" } | { kind: "error"; message: string };

/** A 429 may come as the HTTP status or only in the envelope's statusCode (spec §8). */
export function isRateLimited(err: unknown): boolean {
  if (!isApiError(err)) return false;
  if (err.status === 429) return true;
  const data = err.data;
  return typeof data === "object" && data !== null && "statusCode" in data && data.statusCode === 429;
}

/**
 * /auth/forgot-password (spec §2, §4, §8): idle → sending (button disabled with a spinner) → success
 * (confirmation and "check inbox"; the button stays disabled) or error (429 has its own text).
 * Nothing is sent unless the address has "@" and ".".
 */
export function ForgotPasswordForm() {
  const t = useTranslations("auth.forgot");
  const tv = useTranslations("validation");
  const locale = useLocale();
  const schema = useMemo(() => forgotPasswordSchema((key) => tv(key)), [tv]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { toemail: "" } });
  const [state, setState] = useState<State>({ kind: "idle" });

  const onSubmit = handleSubmit(async ({ toemail }) => {
    if (!toemail.includes("@") || !toemail.includes(".")) return;
    setState({ kind: "sending" });
    try {
      await apiRequest("/api/Email/SendResetPasswordEmail", { method: "POST", body: { toemail }, locale });
      setState({ kind: "success" });
    } catch (err) {
      setState({ kind: "error", message: isRateLimited(err) ? t("rateLimited") : t("failedToSend") });
    }
  });

  const done = state.kind === "success";
  return (
    <div className="mx-auto flex max-w-md flex-col gap-7 py-2">
      <ScreenHeading icon={KeyRound} title={t("title")}>
        <p>{t("description")}</p>
      </ScreenHeading>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-labelledby="auth-title">
        {done && (
          <Banner tone="success" testId="forgot-success">
            <p className="flex items-center gap-2 font-semibold">
              <MailCheck className="size-4.5" aria-hidden />
              {t("sentTitle")}
            </p>
            <p className="mt-1 font-normal">{t("checkInbox")}</p>
          </Banner>
        )}
        {state.kind === "error" && <Banner tone="error" testId="forgot-error">{state.message}</Banner>}
        <TextField
          id="forgot-email"
          type="email"
          label={t("email")}
          placeholder={t("emailPlaceholder")}
          autoComplete="email"
          readOnly={done}
          error={errors.toemail?.message}
          registration={register("toemail")}
        />
        <SubmitButton busy={state.kind === "sending"} busyLabel={t("sending")} label={done ? t("sent") : t("submit")} disabled={done} />
      </form>
      <Link href={{ pathname: "/auth", query: { type: "login" } }} className={`inline-flex items-center justify-center gap-1.5 text-sm ${textLinkClass}`}>
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        {t("backToLogin")}
      </Link>
    </div>
  );
}
