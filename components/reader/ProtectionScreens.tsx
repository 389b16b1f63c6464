"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { EyeOff, ShieldAlert } from "lucide-react";

/** The blackout screen, counting down to when the pages come back. */
export function BlackoutScreen({ until }: { until: number }) {
  const t = useTranslations("reader");
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  return (
    <div role="alert" data-testid="blackout" className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-black p-6 text-center text-zinc-300">
      <ShieldAlert className="size-12 text-brand-500" aria-hidden />
      <h2 className="text-xl font-bold text-white">{t("protectedTitle")}</h2>
      <p className="max-w-md text-sm leading-6">{t("protectedText", { seconds })}</p>
    </div>
  );
}

/** Shown over the blurred pages while the tab is not focused. */
export function PausedNotice() {
  const t = useTranslations("reader");
  return (
    <div data-testid="reading-paused" className="pointer-events-none absolute inset-0 z-10 grid place-items-center p-6">
      <p className="flex items-center gap-2 rounded-full bg-black/80 px-5 py-3 text-sm font-semibold text-white shadow-xl">
        <EyeOff className="size-4" aria-hidden />
        {t("pausedText")}
      </p>
    </div>
  );
}
