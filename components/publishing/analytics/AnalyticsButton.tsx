"use client";

import { BarChart3, X } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Button, IconButton } from "@/components/ui/Button";
import { useModal } from "@/components/ui/Dialog";

/**
 * The "Analytics" action of a managed manga (issue 16 §4): opens a modal <dialog> (focus kept inside, Escape closes,
 * focus returns to the button) holding the analytics panel. The panel — its data call, figures, tables and the chart
 * code (recharts, loaded by the panel's charts in turn) — is a separate chunk fetched only when the dialog first
 * opens, so manga-management's first load carries this button alone.
 */
const AnalyticsPanel = dynamic(() => import("./AnalyticsPanel"), {
  ssr: false,
  loading: () => <AnalyticsLoading />,
});

function AnalyticsLoading() {
  const t = useTranslations("creatorAnalytics");
  return (
    <p role="status" className="py-10 text-center text-sm text-zinc-600 dark:text-zinc-400">
      {t("loading")}
    </p>
  );
}

export function AnalyticsButton({ mangaId, title }: { mangaId: number; title: string }) {
  const t = useTranslations("creatorAnalytics");
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [open, setOpen] = useState(false);
  // Mounted on first open and kept (closing and reopening shows the same figures at once).
  const [mounted, setMounted] = useState(false);

  useModal(ref, open);

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        icon={<BarChart3 className="size-4" aria-hidden />}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        aria-label={t("openLabel", { title })}
        aria-haspopup="dialog"
        data-testid="open-analytics"
      >
        {t("open")}
      </Button>
      {/* The kit's Dialog is a card at most 2xl wide: this one fills a phone's screen and is 5xl wide from sm up. */}
      <dialog
        ref={ref}
        aria-labelledby={`${id}-title`}
        onClose={() => setOpen(false)}
        className="m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-zinc-50 p-0 text-zinc-900 backdrop:bg-black/50 sm:m-auto sm:h-auto sm:max-h-[92dvh] sm:w-[calc(100%-2rem)] sm:max-w-5xl sm:rounded-3xl sm:border sm:border-zinc-200 sm:shadow-2xl dark:bg-zinc-950 dark:text-zinc-100 sm:dark:border-zinc-800"
        data-testid="analytics-dialog"
      >
        <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-zinc-200 bg-white/95 px-4 py-3 backdrop-blur sm:px-6 dark:border-zinc-800 dark:bg-zinc-900/95">
          <h2 id={`${id}-title`} className="min-w-0 text-lg font-bold break-words" dir="auto">
            {t("heading", { title })}
          </h2>
          <IconButton label={t("close")} icon={<X aria-hidden />} onClick={() => setOpen(false)} data-testid="close-analytics" />
        </div>
        <div className="px-4 py-4 sm:px-6 sm:py-5">{mounted && <AnalyticsPanel mangaId={mangaId} />}</div>
      </dialog>
    </>
  );
}
