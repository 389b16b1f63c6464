"use client";

import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslations } from "next-intl";
import { Crown, X } from "lucide-react";
import { Link } from "@/i18n/navigation";
import { Button, buttonClass } from "@/components/ui/Button";
import { READER } from "@/lib/reader-constants";
import { useAdFree } from "@/components/premium/AdFree";
import type { OverlayBand } from "./reader-utils";

/**
 * The sponsored message (spec §4): shown once each at the start, middle and end of a chapter; its close
 * button stays disabled for READER.overlayCloseDelayMs, then closes it (Escape too, once enabled). A PremiumPlus
 * subscriber (AdFreeProvider, set by the reader page from the server's answer) never sees it.
 */
export function SponsoredOverlay(props: { band: OverlayBand; onClose: () => void; onShown?: (band: OverlayBand) => void }) {
  return useAdFree() ? <AdFreeSkip onClose={props.onClose} /> : <SponsoredCard {...props} />;
}

/** PremiumPlus reads without the overlay (lib/premium.ts): the reader's turn for it ends at once, nothing shown. */
function AdFreeSkip({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    onClose();
  }, [onClose]);
  return null;
}

function SponsoredCard({ band, onClose, onShown }: { band: OverlayBand; onClose: () => void; onShown?: (band: OverlayBand) => void }) {
  const t = useTranslations("reader");
  const [enabled, setEnabled] = useState(false);
  const [openedAt] = useState(() => Math.round(performance.now()));
  const [enabledAt, setEnabledAt] = useState<number | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);

  // One impression for the writer each time the card is actually shown (never for PremiumPlus, who skip it above).
  useEffect(() => {
    onShown?.(band);
  }, [band, onShown]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setEnabled(true);
      setEnabledAt(Math.round(performance.now()));
    }, READER.overlayCloseDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  useModalCard(cardRef, closeRef, enabled, onClose);

  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/70 p-4 backdrop-blur-sm">
      <div
        ref={cardRef}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="sponsored-title"
        data-testid="sponsored-overlay"
        data-band={band}
        data-opened-at={openedAt}
        data-enabled-at={enabledAt ?? undefined}
        className="relative w-full max-w-md overflow-hidden rounded-3xl bg-white outline-none text-zinc-900 shadow-2xl dark:bg-zinc-900 dark:text-zinc-100"
      >
        <div className="relative bg-gradient-to-br from-brand-500 via-brand-600 to-brand-700 px-6 pb-10 pt-6 text-white">
          <span className="inline-block rounded-full bg-white/20 px-3 py-1 text-xs font-bold uppercase tracking-wider">{t("sponsored")}</span>
          <Crown className="absolute end-6 top-6 size-16 text-white/25" aria-hidden />
          <h2 id="sponsored-title" className="mt-6 text-2xl font-black leading-tight">{t("adTitle")}</h2>
        </div>
        <div className="-mt-4 rounded-t-3xl bg-white px-6 pb-6 pt-5 dark:bg-zinc-900">
          <p className="leading-7 text-zinc-600 dark:text-zinc-300">{t("adText")}</p>
          <div className="mt-6 flex items-center justify-between gap-3">
            <Link href="/dashboard/premium" className={buttonClass()}>
              {t("adCta")}
            </Link>
            <Button ref={closeRef} variant="secondary" size="sm" onClick={onClose} disabled={!enabled} data-testid="sponsored-close" className="min-w-20" icon={<X className="size-4" aria-hidden />}>
              {/* Both labels take the same cell, the other one hidden: the button keeps its size when it is enabled (no layout shift). */}
              <span className="grid">
                <span className={`col-start-1 row-start-1 ${enabled ? "" : "invisible"}`}>{t("closePanel")}</span>
                <span className={`col-start-1 row-start-1 ${enabled ? "invisible" : ""}`}>{t("closeIn", { seconds: Math.ceil(READER.overlayCloseDelayMs / 1000) })}</span>
              </span>
              <span className="sr-only"> – {t("closeAd")}</span>
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * The card is modal: the focus starts on it and Tab cycles inside it (the reader's controls behind it are covered, and
 * a keyboard user tabbing there would move an invisible focus, WCAG 2.4.11); once the close button is enabled the
 * focus moves to it and Escape closes the card; on closing, the focus goes back where it was.
 */
function useModalCard(cardRef: RefObject<HTMLDivElement | null>, closeRef: RefObject<HTMLButtonElement | null>, enabled: boolean, onClose: () => void) {
  // On closing, the focus goes back where it was (the page-turn control, say) rather than to the page's body.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cardRef.current?.focus();
    return () => {
      if (before?.isConnected && before !== document.body) before.focus({ preventScroll: true });
    };
  }, [cardRef]);

  useEffect(() => {
    if (enabled) closeRef.current?.focus();
  }, [enabled, closeRef]);

  useEffect(() => {
    const onTab = (e: KeyboardEvent) => {
      const card = cardRef.current;
      if (e.key !== "Tab" || !card) return;
      const stops = [...card.querySelectorAll<HTMLElement>("a[href], button:not(:disabled)")];
      if (stops.length === 0) return;
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : at === -1 || at === stops.length - 1 ? 0 : at + 1;
      e.preventDefault();
      stops[next]!.focus();
    };
    window.addEventListener("keydown", onTab);
    return () => window.removeEventListener("keydown", onTab);
  }, [cardRef]);

  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled, onClose]);
}
