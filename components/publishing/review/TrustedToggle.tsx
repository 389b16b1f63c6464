"use client";

import { BadgeCheck, Loader2, ShieldQuestion } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "react-toastify";
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
        toast.error(t("trustFailed"));
        return;
      }
      setState(result.trusted);
      toast.success(result.trusted ? t("trustedNow") : t("untrustedNow"));
      router.refresh();
    });
  return (
    <span className="mt-1 flex flex-col items-start gap-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="author-trusted" data-trusted={state}>
      <span className="flex items-start gap-1.5">
        {state ? <BadgeCheck className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden /> : <ShieldQuestion className="size-4 shrink-0" aria-hidden />}
        {state ? t("trusted") : t("notTrusted")}
      </span>
      <button
        type="button"
        onClick={toggle}
        disabled={pending}
        aria-pressed={state}
        data-testid="trust-toggle"
        className="inline-flex h-9 items-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-sm font-semibold text-zinc-800 transition hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        {pending && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {state ? t("untrust") : t("trust")}
      </button>
    </span>
  );
}
