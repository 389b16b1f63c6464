"use client";

import { Badge, type BadgeTone } from "@/components/ui/Badge";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { SubmitButton } from "@/components/ui/fields";
import { formatMoney } from "@/lib/money";
import { USER_VALIDATION_KEYS, type UserOnlyValidationKey, type UserRow, type UserTranslate } from "@/lib/validation/users";

/** Small pieces shared by the user table, the phone cards and the dialogs. */

/** The profile picture, or the first letter of the full name (spec §2's rule for the profile menu). */
export function UserAvatar({ user, size = "size-9" }: { user: Pick<UserRow, "fullName" | "username" | "profileImageUrl">; size?: string }) {
  const letter = Array.from(user.fullName.trim() || user.username)[0]?.toLocaleUpperCase() ?? "?";
  if (user.profileImageUrl) {
    // eslint-disable-next-line @next/next/no-img-element -- a small /media image with immutable caching
    return <img src={user.profileImageUrl} alt="" width={36} height={36} loading="lazy" className={`${size} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span aria-hidden className={`${size} grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 text-sm font-bold text-white`}>
      {letter}
    </span>
  );
}

/** A user's state or role on a row: the kit's Badge (kept under this name for the user screens). */
export function Chip({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <Badge tone={tone} testId={testId}>
      {children}
    </Badge>
  );
}

/** Role chip tones: root and admin stand out, readers stay quiet. */
export const ROLE_TONES: readonly BadgeTone[] = ["zinc", "sky", "amber", "amber", "brand"];

/** The user's texts, numbers and dates in the page's language (next-intl's formatter: Arabic digits in Arabic). */
export function useUserFormat() {
  const t = useTranslations("admin.users");
  const tr = useTranslations("dashboard.roles");
  const role = useCallback((r: number) => tr(String(r) as "0"), [tr]);
  const format = useFormatter();
  const locale = useLocale();
  // Balances and totals are in dollars (spec §7); shown as every other amount of the product is (lib/money.ts).
  const money = useCallback((n: number) => formatMoney(Math.round(n * 100), "USD", locale), [locale]);
  const date = useCallback((iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" }), [format]);
  const dateTime = useCallback((iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }), [format]);
  const time = useCallback((iso: string) => format.dateTime(new Date(iso), { timeStyle: "short" }), [format]);
  const number = useCallback((n: number) => format.number(n), [format]);
  const subscription = useCallback(
    (s: UserRow["subscription"]) => (s ? `${t(`plans.${s.type}`)} · ${t("daysLeft", { count: s.remainingDays })}` : null),
    [t],
  );
  const transactions = useCallback(
    (x: UserRow["transactions"]) => (x.count > 0 ? `${t("transactionCount", { count: x.count })} · ${money(x.total)}` : null),
    [t, money],
  );
  return { t, role, money, date, dateTime, time, number, subscription, transactions };
}

const OWN_KEYS = new Set<string>(USER_VALIDATION_KEYS);

/** The shared user schemas' texts: the account forms' `validation` keys, and this page's own for the rest. */
export function useUserTranslate(): UserTranslate {
  const tv = useTranslations("validation");
  const tu = useTranslations("admin.users.validation");
  return useCallback<UserTranslate>((key) => (OWN_KEYS.has(key) ? tu(key as UserOnlyValidationKey) : tv(key as Parameters<typeof tv>[0])), [tu, tv]);
}

/** A form's Cancel and submit buttons (the create dialog's and the edit drawer's footers). */
export function FormActions({ busy, cancelLabel, onCancel, label, busyLabel, testId }: { busy: boolean; cancelLabel: string; onCancel: () => void; label: string; busyLabel: string; testId: string }) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <SubmitButton busy={busy} label={label} busyLabel={busyLabel} full={false} testId={testId} />
    </>
  );
}
