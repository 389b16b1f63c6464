"use client";

import { BadgeCheck, ShieldQuestion } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/Button";
import { notifyError, notifySuccess } from "@/components/ui/toast";
import { setTrustedAction } from "@/server/actions/set-trusted";

/**
 * Root's switch for the author's trust (docs/decisions/013): a trusted writer's new chapters of accepted manga are
 * accepted on upload. A pressed/unpressed button with the state in words; the page reloads its data afterwards.
 */
export function TrustedToggle({ userId, trusted }: { userId: number; trusted: boolean }) {
  const t = useTranslations("approval.detail");
  const router = useRouter();
  const [state, setState] = useState(trusted);
  const [pending, startTransition] = useTransition();
  const toggle = () =>
    startTransition(async () => {
      const result = await setTrustedAction(userId, !state);
      if (!result.ok) {
        notifyError(null, t("trustFailed"));
        return;
      }
      setState(result.trusted);
      notifySuccess(result.trusted ? t("trustedNow") : t("untrustedNow"));
      router.refresh();
    });
  return (
    <span className="mt-1 flex flex-col items-start gap-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="author-trusted" data-trusted={state}>
      <span className="flex items-start gap-1.5">
        {state ? <BadgeCheck className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden /> : <ShieldQuestion className="size-4 shrink-0" aria-hidden />}
        {state ? t("trusted") : t("notTrusted")}
      </span>
      <Button variant="secondary" size="sm" onClick={toggle} loading={pending} aria-pressed={state} data-testid="trust-toggle">
        {state ? t("untrust") : t("trust")}
      </Button>
    </span>
  );
}
