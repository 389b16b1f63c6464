"use client";

import { useTranslations } from "next-intl";
import { Dialog } from "@/components/ui/Dialog";
import { ReadingDirection } from "@/lib/enums";
import { ReaderLayer } from "./ReaderLayer";

/** Controls and hotkeys (spec §2 footer help; §9 hotkeys), explained for this title's reading direction. */
export function HelpDialog({ readingDirection, onClose }: { readingDirection: number; onClose: () => void }) {
  const t = useTranslations("reader");
  const rtl = readingDirection === ReadingDirection.RightToLeft;
  const direction =
    readingDirection === ReadingDirection.Vertical ? t("directionVertical") : rtl ? t("directionRtl") : t("directionLtr");
  const rows: Array<[string[], string]> = [
    [[rtl ? "←" : "→"], t("keyNext")],
    [[rtl ? "→" : "←"], t("keyPrevious")],
    [["F"], t("keyFullscreen")],
    [["R"], t("keyResetZoom")],
    [["+", "−"], t("keyZoom")],
    [["G"], t("keyJump")],
    [["[", "]"], t("keyChapters")],
    [["Esc"], t("keyEscape")],
  ];
  return (
    <ReaderLayer>
      <Dialog onClose={onClose} title={t("help")} description={t("helpIntro", { direction })} closeLabel={t("closePanel")} testId="help-dialog">
        <dl className="divide-y divide-white/5">
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
        <p className="text-xs leading-5 text-zinc-500">{t("helpTouch")}</p>
      </Dialog>
    </ReaderLayer>
  );
}
