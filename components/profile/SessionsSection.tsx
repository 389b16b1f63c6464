"use client";

import { LaptopMinimal, LogOut, Smartphone } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useApiMutation, useApiQuery } from "@/components/providers/api-query";
import { useAuth } from "@/components/providers/use-auth";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { notifyFailure, notifySuccess } from "@/components/ui/toast";
import type { AccountSession } from "@/lib/account-sessions";
import { isApiError } from "@/lib/api-client";
import { Section } from "./Section";

const PHONE_SYSTEMS = new Set(["iOS", "Android"]);

/**
 * The list (read once the session has its token: a call without one would be a 401 and a refresh; `version` changes
 * when another section ended sessions, a password change, so it is read again) and the two sign-out actions.
 */
function useSessions(version: number) {
  const t = useTranslations("profile.sessions");
  const ready = useAuth().status === "authenticated";
  const list = useApiQuery<AccountSession[], AccountSession[]>(["account-sessions", version], "/api/Authentication/Sessions", {
    enabled: ready,
    select: (rows) => [...rows].sort((a, b) => Number(b.current) - Number(a.current)),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const revokeOne = useApiMutation((api, sessionId: string) => api("/api/Authentication/Sessions/Revoke", { method: "POST", body: { sessionId } }), { invalidate: [["account-sessions"]] });
  const revokeAll = useApiMutation((api) => api<{ revoked: number }>("/api/Authentication/Sessions/RevokeOthers", { method: "POST" }), { invalidate: [["account-sessions"]] });

  const revoke = async (session: AccountSession) => {
    setBusy(session.id);
    try {
      await revokeOne.mutateAsync(session.id);
      notifySuccess(t("signedOut"));
    } catch (error) {
      // 404: it had ended already; the list is read again either way.
      if (!(isApiError(error) && error.status === 404)) notifyFailure(t("actionFailed"));
      await list.refetch();
    } finally {
      setBusy(null);
    }
  };

  const revokeOthers = async () => {
    setBusy("others");
    try {
      const { revoked } = await revokeAll.mutateAsync(undefined);
      notifySuccess(t("othersSignedOut", { count: revoked }));
    } catch {
      notifyFailure(t("actionFailed"));
      await list.refetch();
    } finally {
      setBusy(null);
    }
  };
  return { sessions: list.data ?? null, failed: list.isError && !list.data, reload: () => void list.refetch(), busy, revoke, revokeOthers };
}

/**
 * The active sign-ins (device, signed in, last active), this device first and marked; "sign out" per other session
 * and "sign out everywhere else" (asked first). A list of cards on every width.
 */
export function SessionsSection({ version }: { version: number }) {
  const t = useTranslations("profile.sessions");
  const locale = useLocale();
  const { sessions, failed, reload: load, busy, revoke, revokeOthers: endOthers } = useSessions(version);
  const [asking, setAsking] = useState(false);
  const revokeOthers = () => endOthers().finally(() => setAsking(false));

  // The site's Arabic writes Western digits and the month's name (as the premium page and the reader do).
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale === "ar" ? "ar" : "en-GB", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" }).format(new Date(iso));
  const deviceName = (s: AccountSession) =>
    s.browser && s.os ? t("device", { browser: s.browser, os: s.os }) : (s.browser ?? s.os ?? t("unknownDevice"));

  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <Section id="sessions" title={t("heading")} intro={t("intro")}>
      {failed ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
          {t("failed")}
          <Button variant="secondary" size="sm" onClick={load}>
            {t("retry")}
          </Button>
        </div>
      ) : !sessions ? (
        <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">{t("loading")}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-3" data-testid="session-list">
            {sessions.map((s) => (
              <SessionItem key={s.id} session={s} name={deviceName(s)} when={when} busy={busy} onRevoke={() => void revoke(s)} />
            ))}
          </ul>
          <div className="mt-4">
            {others > 0 ? (
              <Button variant="secondary" size="sm" onClick={() => setAsking(true)} disabled={busy !== null} data-testid="sessions-sign-out-others" icon={<LogOut className="size-4 rtl:rotate-180" aria-hidden />}>
                {t("signOutOthers")}
              </Button>
            ) : (
              <p className="text-sm text-zinc-500 dark:text-zinc-400" data-testid="sessions-only-here">{t("noOthers")}</p>
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={t("confirmTitle")}
        confirmLabel={t("confirm")}
        busyLabel={t("signingOutOthers")}
        cancelLabel={t("cancel")}
        busy={busy === "others"}
        onConfirm={() => void revokeOthers()}
        onClose={() => setAsking(false)}
      >
        {t("confirmText")}
      </ConfirmDialog>
    </Section>
  );
}

/** One sign-in: its device, when it was last used and started, and (for the other devices) "sign out". */
function SessionItem({ session: s, name, when, busy, onRevoke }: { session: AccountSession; name: string; when: (iso: string) => string; busy: string | null; onRevoke: () => void }) {
  const t = useTranslations("profile.sessions");
  const Icon = s.os && PHONE_SYSTEMS.has(s.os) ? Smartphone : LaptopMinimal;
  return (
    <li
      data-testid="session-row"
      data-current={s.current || undefined}
      className={`flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center ${s.current ? "border-brand-400 bg-brand-50/60 dark:border-brand-500/40 dark:bg-brand-500/10" : "border-zinc-200 dark:border-zinc-800"}`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="truncate">{name}</span>
            {s.current && (
              <Badge tone="brand" testId="session-current">
                {t("thisDevice")}
              </Badge>
            )}
          </p>
          <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{t("lastUsed", { date: when(s.lastUsedAt) })}</p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("signedIn", { date: when(s.createdAt) })}</p>
        </div>
      </div>
      {!s.current && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:self-center"
          onClick={onRevoke}
          disabled={busy !== null}
          aria-label={t("signOutLabel", { device: name, date: when(s.lastUsedAt) })}
          data-testid="session-sign-out"
          icon={<LogOut className="size-4 rtl:rotate-180" aria-hidden />}
        >
          {busy === s.id ? t("signingOut") : t("signOut")}
        </Button>
      )}
    </li>
  );
}
