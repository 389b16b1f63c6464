"use client";

import { lazy, Suspense, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { ReadingDirection } from "@/lib/enums";
import { helpRows, keyLabel, type KeyAction } from "@/lib/reader-keys";
import { ReaderLayer } from "./ReaderLayer";
import type { ReaderBindings } from "./use-reader-bindings";

/** The key editor loads when a reader asks to change keys (issue 32): the reader's first load does not carry it. */
const KeyEditor = lazy(() => import("./KeyEditor"));

/** The help's label for each action (messages: reader.key*). */
export const ACTION_LABELS: Record<KeyAction, string> = {
  next: "keyNext",
  previous: "keyPrevious",
  goToPage: "keyJump",
  nextChapter: "keyNextChapter",
  previousChapter: "keyPreviousChapter",
  toggleFullscreen: "keyFullscreen",
  resetZoom: "keyResetZoom",
  zoomIn: "keyZoomIn",
  zoomOut: "keyZoomOut",
};

export function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="flex gap-1.5" dir="ltr">
      {keys.map((k) => (
        <kbd key={k} className="min-w-8 rounded-lg border border-white/15 bg-black/40 px-2 py-1 text-center font-mono text-xs font-bold text-white shadow-[inset_0_-2px_0_rgba(255,255,255,.08)]">
          {keyLabel(k)}
        </kbd>
      ))}
    </span>
  );
}

/**
 * Controls and hotkeys (spec §2 footer help; §9 hotkeys), explained for this title's reading direction: every binding
 * as the reader has it, and (issue 32) a way to change them (KeyEditor).
 */
export function HelpDialog({ readingDirection, keys, signedIn, onClose }: { readingDirection: number; keys: ReaderBindings; signedIn: boolean; onClose: () => void }) {
  const t = useTranslations("reader");
  const [editing, setEditing] = useState(false);
  const rtl = readingDirection === ReadingDirection.RightToLeft;
  const direction =
    readingDirection === ReadingDirection.Vertical ? t("directionVertical") : rtl ? t("directionRtl") : t("directionLtr");
  const rows = helpRows(keys.side);
  const list = (
    <dl className="divide-y divide-white/5" data-testid="key-list">
      {rows.map(({ action, id }) => (
        <div key={id} className="flex items-center justify-between gap-4 py-2.5" data-binding={id}>
          <dt className="text-sm text-zinc-300">{t(ACTION_LABELS[action])}</dt>
          <dd><Keys keys={keys.bindings[id]} /></dd>
        </div>
      ))}
      <div className="flex items-center justify-between gap-4 py-2.5">
        <dt className="text-sm text-zinc-300">{t("keyEscape")}</dt>
        <dd><Keys keys={["Esc"]} /></dd>
      </div>
      <div className="flex items-center justify-between gap-4 py-2.5">
        <dt className="text-sm text-zinc-300">{t("keyHelp")}</dt>
        <dd><Keys keys={["?"]} /></dd>
      </div>
    </dl>
  );
  return (
    <ReaderLayer>
      <Dialog onClose={onClose} title={t("help")} description={t("helpIntro", { direction })} closeLabel={t("closePanel")} testId="help-dialog">
        {editing ? (
          <Suspense fallback={list}>
            <KeyEditor keys={keys} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <>
            {list}
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)} data-testid="edit-keys">{t("editKeys")}</Button>
          </>
        )}
        <p className="text-xs leading-5 text-zinc-500">{t("helpTouch")}</p>
        <p className="text-xs leading-5 text-zinc-500">{signedIn ? t("keysSavedAccount") : t("keysSavedBrowser")}</p>
      </Dialog>
    </ReaderLayer>
  );
}
