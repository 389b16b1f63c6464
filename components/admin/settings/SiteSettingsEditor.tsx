"use client";

import { Compass, House } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { MangaCardData } from "@/components/manga/MangaCard";
import { PageSettingsEditor } from "./PageSettingsEditor";
import type { PreviewTextsByLanguage, SavedSettings } from "./types";

type Tab = "landing" | "discovery";
const TABS: readonly Tab[] = ["landing", "discovery"];

/**
 * The two editors as tabs (WAI-ARIA tabs: arrow keys, Home/End; the chosen one in the URL's `?tab=`). Both stay
 * mounted, so switching keeps each one's unsaved changes.
 */
export function SiteSettingsEditor({
  initialTab,
  saved,
  previewTexts,
  covers,
  bannerMaxBytes,
}: {
  initialTab: Tab;
  saved: SavedSettings;
  previewTexts: PreviewTextsByLanguage;
  covers: MangaCardData[];
  bannerMaxBytes: number;
}) {
  const t = useTranslations("admin.settings.tabs");
  const [tab, setTab] = useState<Tab>(initialTab);
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ landing: null, discovery: null });

  const choose = (next: Tab, focus = false) => {
    setTab(next);
    if (focus) refs.current[next]?.focus();
    const url = new URL(window.location.href);
    if (next === "landing") url.searchParams.delete("tab");
    else url.searchParams.set("tab", next);
    window.history.replaceState(window.history.state, "", url);
  };

  return (
    <div className="flex flex-col gap-6">
      <div role="tablist" aria-label={t("label")} className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
        {TABS.map((name, i) => {
          const Icon = name === "landing" ? House : Compass;
          const selected = tab === name;
          return (
            <button
              key={name}
              ref={(el) => {
                refs.current[name] = el;
              }}
              id={`settings-${name}-tab`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`settings-${name}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(name)}
              onKeyDown={(e) => {
                const last = TABS.length - 1;
                const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
                const forward = rtl ? "ArrowLeft" : "ArrowRight";
                const back = rtl ? "ArrowRight" : "ArrowLeft";
                const to = e.key === forward ? (i + 1) % TABS.length : e.key === back ? (i - 1 + TABS.length) % TABS.length : e.key === "Home" ? 0 : e.key === "End" ? last : -1;
                if (to < 0) return;
                e.preventDefault();
                choose(TABS[to]!, true);
              }}
              className={`-mb-px inline-flex h-12 shrink-0 items-center gap-2 border-b-2 px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 ${
                selected
                  ? "border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-400"
                  : "border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
              }`}
              data-testid={`settings-tab-${name}`}
            >
              <Icon className="size-4.5" aria-hidden />
              {t(name)}
            </button>
          );
        })}
      </div>
      {TABS.map((name) => (
        <div key={name} id={`settings-${name}-panel`} role="tabpanel" aria-labelledby={`settings-${name}-tab`} hidden={tab !== name}>
          <PageSettingsEditor kind={name} saved={saved[name]} previewTexts={previewTexts} covers={covers} bannerMaxBytes={bannerMaxBytes} />
        </div>
      ))}
    </div>
  );
}
