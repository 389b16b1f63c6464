"use client";

import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Link } from "@/i18n/navigation";
import { RETURN_PARAM, safeReturnPath } from "@/lib/return-path";
import { SESSION_END_PARAM, sessionEndReasonOf } from "@/lib/session-end";
import { SelectableRole } from "@/lib/validation/auth";
import { authModeOf, type AuthMode } from "./auth-mode";
import { textLinkClass } from "@/components/ui/Button";
import { LoginForm } from "./LoginForm";
import { RegisterForm } from "./RegisterForm";
import { RoleCards } from "./RoleCards";

/**
 * The return path (`?next=`, lib/return-path.ts) this screen was opened with stays for the whole visit: the site's
 * header and footer have their own Login and Register links, which switch the mode without it (the ones in the form
 * keep the whole query), and a new reader who takes them must still get back to the chapter they asked for.
 */
function useKeptReturnPath(given: string | null) {
  const kept = useRef<string | undefined>(undefined);
  const next = safeReturnPath(given);
  useEffect(() => {
    if (next) kept.current = next;
    else if (kept.current) {
      const url = new URL(window.location.href);
      url.searchParams.set(RETURN_PARAM, kept.current);
      window.history.replaceState(null, "", url);
    }
  }, [next]);
}

/**
 * /auth: login and registration. The mode lives in the URL (`?type=`), switched in place without a
 * page load. Registration first shows the Reader and Writer cards, then that role's form; success
 * returns to login with a notice and the new username filled in.
 */
export function AuthScreen() {
  const params = useSearchParams();
  const mode = authModeOf(params.get("type"));
  // Sent here because the session ended (lib/session-end.ts): say why above the form (issue 31, 6c).
  const ended = sessionEndReasonOf(params.get(SESSION_END_PARAM));
  const t = useTranslations("auth");
  const [step, setStep] = useState<"role" | "form">("role");
  const [role, setRole] = useState<SelectableRole>(SelectableRole.reader);
  const [registered, setRegistered] = useState<string | null>(null);
  useKeptReturnPath(params.get(RETURN_PARAM));

  const switchTo = (next: AuthMode) => {
    if (next === "register") setStep("role");
    setRegistered(null);
    const url = new URL(window.location.href);
    url.searchParams.set("type", next);
    window.history.replaceState(null, "", url);
    window.scrollTo({ top: 0 });
  };

  if (mode === "login") {
    return (
      <LoginForm
        key={registered ?? "login"}
        notice={registered !== null ? t("login.registered") : null}
        sessionEnded={ended && t(`login.sessionEnded.${ended === "role-changed" ? "roleChanged" : "ended"}`)}
        defaultIdentifier={registered ?? ""}
        onRegister={() => switchTo("register")}
      />
    );
  }

  if (step === "role") {
    return (
      <div className="flex flex-col gap-6">
        <div>
          <h1 id="auth-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            {t("register.chooseRole")}
          </h1>
          <p className="mt-1.5 text-zinc-600 dark:text-zinc-400">{t("register.chooseRoleHint")}</p>
        </div>
        <RoleCards
          onSelect={(chosen) => {
            setRole(chosen);
            setStep("form");
          }}
        />
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t("register.haveAccount")}{" "}
          <Link
            href={{ pathname: "/auth", query: { type: "login" } }}
            onClick={(event) => {
              event.preventDefault();
              switchTo("login");
            }}
            className={textLinkClass}
          >
            {t("register.login")}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <RegisterForm
      role={role}
      onRoleChange={setRole}
      onBack={() => setStep("role")}
      onLogin={() => switchTo("login")}
      onRegistered={(username) => {
        setRegistered(username);
        const url = new URL(window.location.href);
        url.searchParams.set("type", "login");
        window.history.replaceState(null, "", url);
        window.scrollTo({ top: 0 });
      }}
    />
  );
}
