"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/Button";
import { helpRows, keyLabel, normaliseKey, rebind, type BindingId } from "@/lib/reader-keys";
import { ACTION_LABELS, Keys } from "./HelpDialog";
import type { ReaderBindings } from "./use-reader-bindings";

/** Keys that only modify another: waited past while a key is being chosen. */
const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"]);

type Notice = { tone: "error" | "ok"; text: string } | null;

/**
 * Changing the reader's keys (issue 32, item 4), loaded on first use (React.lazy in HelpDialog). "Change" waits for the
 * next key: Escape cancels, a key that is reserved or already does something else is refused with a message (the
 * reader changes the other binding first), any other key replaces the binding's keys. "Reset to defaults" forgets
 * every change. Changes are saved like the reader's other settings (storage.ts).
 */
export default function KeyEditor({ keys, onDone }: { keys: ReaderBindings; onDone: () => void }) {
  const t = useTranslations("reader");
  const [capturing, setCapturing] = useState<BindingId | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const rows = helpRows(keys.side);
  const actionOf = (id: BindingId) => rows.find((r) => r.id === id)?.action ?? "next";

  useEffect(() => {
    if (!capturing) return;
    const onKey = (e: KeyboardEvent) => {
      // The key is the reader's choice, not a command: nothing else sees it (the dialog's Escape included).
      e.preventDefault();
      e.stopPropagation();
      if (e.key === "Escape") return setCapturing(null);
      if (MODIFIERS.has(e.key)) return;
      const label = keyLabel(normaliseKey(e.key));
      if (e.ctrlKey || e.metaKey || e.altKey) {
        setNotice({ tone: "error", text: t("keyReserved", { key: label }) });
        return setCapturing(null);
      }
      const result = rebind(keys.overrides, capturing, e.key);
      if (result.ok) {
        keys.setOverrides(result.overrides);
        setNotice({ tone: "ok", text: t("keySaved", { action: t(ACTION_LABELS[actionOf(capturing)]), key: label }) });
      } else if (result.reason === "conflict") {
        setNotice({ tone: "error", text: t("keyConflict", { key: label, action: t(ACTION_LABELS[result.action]) }) });
      } else setNotice({ tone: "error", text: t("keyReserved", { key: label }) });
      setCapturing(null);
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
    // actionOf reads rows, which follow keys.side.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [capturing, keys, t]);

  return (
    <div className="space-y-3" data-testid="key-editor">
      <p className="text-xs leading-5 text-zinc-400">{t("keysSideNote")}</p>
      <ul className="divide-y divide-white/5">
        {rows.map(({ action, id }) => (
          <li key={id} className="flex items-center justify-between gap-3 py-2" data-binding={id}>
            <span className="text-sm text-zinc-300">{t(ACTION_LABELS[action])}</span>
            <span className="flex items-center gap-2">
              {capturing === id ? <span className="text-xs font-semibold text-brand-400" aria-live="polite">{t("pressKey")}</span> : <Keys keys={keys.bindings[id]} />}
              <Button
                size="sm"
                variant="ghost"
                aria-pressed={capturing === id}
                aria-label={t("changeKey", { action: t(ACTION_LABELS[action]) })}
                onClick={() => {
                  setNotice(null);
                  setCapturing(capturing === id ? null : id);
                }}
                data-testid={`rebind-${id}`}
              >
                {t("changeOneKey")}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <p role={notice?.tone === "error" ? "alert" : "status"} className={`min-h-5 text-sm ${notice?.tone === "error" ? "text-red-300" : "text-emerald-300"}`} data-testid="key-notice">
        {notice?.text}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => { keys.setOverrides({}); setCapturing(null); setNotice({ tone: "ok", text: t("keysReset") }); }} data-testid="reset-keys">
          {t("resetKeys")}
        </Button>
        <Button size="sm" onClick={onDone} data-testid="keys-done">{t("doneKeys")}</Button>
      </div>
    </div>
  );
}
