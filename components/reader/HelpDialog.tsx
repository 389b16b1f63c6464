"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { X } from "lucide-react";
import { ReadingDirection } from "@/lib/enums";

/** Controls and hotkeys (spec §2 footer help; §9 hotkeys), explained for this title's reading direction. */
export function HelpDialog({ readingDirection, onClose }: { readingDirection: number; onClose: () => void }) {
  const t = useTranslations("reader");
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const rtl = readingDirection === ReadingDirection.RightToLeft;
  const direction =
    readingDirection === ReadingDirection.Vertical ? t("directionVertical") : rtl ? t("directionRtl") : t("directionLtr");
  const rows: Array<[string[], string]> = [
    [[rtl ? "←" : "→"], t("keyNext")],
    [[rtl ? "→" : "←"], t("keyPrevious")],
    [["F"], t("keyFullscreen")],
    [["R"], t("keyResetZoom")],
    [["+", "−"], t("keyZoom")],
    [["Esc"], t("keyEscape")],
  ];
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-black/60 p-4" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="reader-help-title"
        data-testid="help-dialog"
        onClick={(e) => e.stopPropagation()}
        className="w-full max-w-md rounded-3xl border border-white/10 bg-zinc-900 p-6 text-zinc-100 shadow-2xl"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id="reader-help-title" className="text-lg font-bold">{t("help")}</h2>
          <button ref={closeRef} type="button" onClick={onClose} aria-label={t("closePanel")} className="grid size-9 place-items-center rounded-full hover:bg-white/10">
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <p className="mt-2 text-sm leading-6 text-zinc-400">{t("helpIntro", { direction })}</p>
        <dl className="mt-5 divide-y divide-white/5">
          {rows.map(([keys, label]) => (
            <div key={label} className="flex items-center justify-between gap-4 py-2.5">
              <dt className="text-sm text-zinc-300">{label}</dt>
              <dd className="flex gap-1.5" dir="ltr">
                {keys.map((k) => (
                  <kbd key={k} className="min-w-8 rounded-lg border border-white/15 bg-black/40 px-2 py-1 text-center font-mono text-xs font-bold text-white shadow-[inset_0_-2px_0_rgba(255,255,255,.08)]">
                    {k}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs leading-5 text-zinc-500">{t("helpTouch")}</p>
      </div>
    </div>
  );
}
