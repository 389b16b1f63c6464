"use client";

import { Compass, House } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { MangaCardData } from "@/components/manga/MangaCard";
import { TabPanel, Tabs } from "@/components/ui/Tabs";
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

  const choose = (next: Tab) => {
    setTab(next);
    const url = new URL(window.location.href);
    if (next === "landing") url.searchParams.delete("tab");
    else url.searchParams.set("tab", next);
    window.history.replaceState(window.history.state, "", url);
  };

  return (
    <div className="flex flex-col gap-6">
      <Tabs
        idBase="settings"
        label={t("label")}
        items={TABS.map((name) => ({ key: name, label: t(name), icon: name === "landing" ? <House aria-hidden /> : <Compass aria-hidden />, testId: `settings-tab-${name}` }))}
        selected={tab}
        onSelect={choose}
      />
      {TABS.map((name) => (
        <TabPanel key={name} idBase="settings" tab={name} selected={tab === name}>
          <PageSettingsEditor kind={name} saved={saved[name]} previewTexts={previewTexts} covers={covers} bannerMaxBytes={bannerMaxBytes} />
        </TabPanel>
      ))}
    </div>
  );
}
