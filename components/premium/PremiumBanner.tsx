"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Crown, X } from "lucide-react";
import { Link, usePathname } from "@/i18n/navigation";
import { useApiQuery } from "@/components/providers/api-query";
import { useSession } from "@/components/providers/session-store";
import { IconButton } from "@/components/ui/Button";

/** Where a dismissal is remembered: this browser, per user. */
export const bannerKey = (userId: number) => `premiumBanner.dismissed.${userId}`;

/**
 * The top bar's premium banner (spec §2): a card with a title, a line and a button to /dashboard/premium, for a
 * signed-in user without an active subscription (Me/Subscriptions), until they dismiss it (remembered in this
 * browser for that user). Not shown on the premium page itself. Nothing is fetched once it has been dismissed.
 */
export function PremiumBanner({ userId }: { userId: number }) {
  const t = useTranslations("premium.banner");
  const pathname = usePathname();
  const { status } = useSession();
  // Read in the browser (on the server there is no storage, and the banner is not drawn before the answer anyway).
  const [dismissed, setDismissed] = useState(() => typeof window !== "undefined" && wasDismissed(userId));
  const noSubscription = useApiQuery<{ active: boolean }[], boolean>(["me-subscriptions", userId], "/api/Authentication/Me/Subscriptions", {
    enabled: status === "authenticated" && !dismissed,
    select: (list) => !list.some((s) => s.active),
  });
  const show = !dismissed && noSubscription.data === true;

  if (!show || pathname.startsWith("/dashboard/premium")) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      window.localStorage.setItem(bannerKey(userId), "1");
    } catch {
      // Not remembered: it comes back on the next load.
    }
  };
  return (
    <aside
      aria-label={t("label")}
      data-testid="premium-banner"
      className="relative mb-6 flex flex-col gap-3 overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 to-violet-700 p-4 pe-12 text-white shadow-lg shadow-brand-600/20 sm:flex-row sm:items-center sm:gap-4 sm:p-5 sm:pe-14"
    >
      <span className="hidden size-11 shrink-0 place-items-center rounded-xl bg-amber-400 text-zinc-950 sm:grid">
        <Crown className="size-6" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-black">{t("title")}</p>
        <p className="mt-0.5 text-sm text-white/90">{t("text")}</p>
      </div>
      <Link
        href="/dashboard/premium"
        className="inline-flex h-10 shrink-0 items-center justify-center gap-2 self-start rounded-full bg-white px-5 text-sm font-bold text-brand-700 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:self-auto"
      >
        <Crown className="size-4 sm:hidden" aria-hidden />
        {t("cta")}
      </Link>
      <IconButton label={t("dismiss")} icon={<X aria-hidden />} tone="onDark" onClick={dismiss} data-testid="premium-banner-dismiss" className="absolute end-1 top-1" />
    </aside>
  );
}

function wasDismissed(userId: number): boolean {
  try {
    return window.localStorage.getItem(bannerKey(userId)) === "1";
  } catch {
    // Storage blocked: the banner behaves as not dismissed.
    return false;
  }
}
