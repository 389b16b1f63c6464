"use client";

import { useId, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Drawer } from "@/components/ui/Drawer";
import { Switch } from "@/components/ui/fields";
import { Segmented } from "@/components/ui/Segmented";
import { TabPanel, Tabs } from "@/components/ui/Tabs";
import { Link } from "@/i18n/navigation";
import { ReadingDirection, type Genre } from "@/lib/enums";
import { mediaVariantUrl } from "@/lib/media-url";
import { ReaderLayer } from "./ReaderLayer";
import type { DirectionChoice, ReaderPrefs } from "./storage";
import type { SwipeSensitivity, TouchSettings } from "@/lib/reader-keys";

export interface PanelManga {
  title: string;
  description: string;
  coverImageUrl: string | null;
  genres: readonly Genre[];
  author: string | null;
  views: number;
  favorites: number;
}

type Tab = "cover" | "details" | "reading";
const TABS_ID = "reader-settings";

/** The reading settings the panel's Reading tab changes (use-reader-prefs.ts), remembered per series (storage.ts). */
export interface ReadingSettings {
  /** The reader's own direction for this series, or null for the title's. */
  directionOverride: DirectionChoice | null;
  coverAlone: boolean;
  shift: boolean;
  allSeries: boolean;
  save: (change: ReaderPrefs) => void;
}

/** The settings side panel (spec §2): tabs Cover Image and Manga Details; beyond the spec (issue 32), Reading. */
export function SettingsPanel({ manga, chapterCount, reading, touch, onClose }: { manga: PanelManga; chapterCount: number; reading: ReadingSettings; touch: TouchControls; onClose: () => void }) {
  const t = useTranslations("reader");
  const [tab, setTab] = useState<Tab>("cover");
  return (
    <ReaderLayer>
      <Drawer onClose={onClose} title={t("settings")} closeLabel={t("closePanel")} testId="settings-panel">
        <Tabs
          idBase={TABS_ID}
          label={t("settings")}
          items={[
            { key: "cover", label: t("tabCover") },
            { key: "details", label: t("tabDetails") },
            { key: "reading", label: t("tabReading"), testId: "tab-reading" },
          ]}
          selected={tab}
          onSelect={setTab}
        />
        <div className="pt-5">
          <TabPanel idBase={TABS_ID} tab="cover" selected={tab === "cover"}>
            <Cover manga={manga} noCover={t("noCover")} />
          </TabPanel>
          <TabPanel idBase={TABS_ID} tab="details" selected={tab === "details"}>
            <Details manga={manga} chapterCount={chapterCount} />
          </TabPanel>
          <TabPanel idBase={TABS_ID} tab="reading" selected={tab === "reading"}>
            <Reading {...reading} />
            <Touch {...touch} />
          </TabPanel>
        </div>
      </Drawer>
    </ReaderLayer>
  );
}

/** The touch settings the Reading tab changes (issue 32, item 4; use-reader-bindings.ts). */
export interface TouchControls {
  tapZones: boolean;
  swipe: boolean;
  swipeSensitivity: SwipeSensitivity;
  setTouch: (change: TouchSettings) => void;
}

/** Touch (issue 32): tap zones and swipe on or off, and how far a swipe must go. */
function Touch({ tapZones, swipe, swipeSensitivity, setTouch }: TouchControls) {
  const t = useTranslations("reader");
  const id = useId();
  return (
    <fieldset className="mt-6 space-y-5 border-t border-white/10 pt-5" data-testid="touch-settings">
      <legend className="sr-only">{t("touchHeading")}</legend>
      <h3 aria-hidden className="text-sm font-bold text-white">{t("touchHeading")}</h3>
      <Switch id={`${id}-tap`} label={t("tapZones")} checked={tapZones} onChange={(on) => setTouch({ tapZones: on })} testId="setting-tap-zones" />
      <Switch id={`${id}-swipe`} label={t("swipeTurns")} checked={swipe} onChange={(on) => setTouch({ swipe: on })} testId="setting-swipe" />
      {swipe && (
        <Segmented<SwipeSensitivity>
          legend={t("swipeSensitivity")}
          value={swipeSensitivity}
          onChange={(v) => setTouch({ swipeSensitivity: v })}
          options={[
            { value: "low", label: t("sensitivityLow"), testId: "swipe-low" },
            { value: "medium", label: t("sensitivityMedium"), testId: "swipe-medium" },
            { value: "high", label: t("sensitivityHigh"), testId: "swipe-high" },
          ]}
        />
      )}
    </fieldset>
  );
}

type DirectionValue = "title" | "rtl" | "ltr";

/**
 * The reading settings for this series: the direction pages turn in (the title's, or the reader's own), double view's
 * cover alone and shift, and "use for all series". The view and the fit are the footer's, remembered the same way.
 */
function Reading({ directionOverride, coverAlone, shift, allSeries, save }: ReadingSettings) {
  const t = useTranslations("reader");
  const id = useId();
  const value: DirectionValue = directionOverride === null ? "title" : directionOverride === ReadingDirection.RightToLeft ? "rtl" : "ltr";
  const choose = (v: DirectionValue) => save({ direction: v === "title" ? undefined : v === "rtl" ? ReadingDirection.RightToLeft : ReadingDirection.LeftToRight });
  return (
    <div className="space-y-6" data-testid="reading-settings">
      <Segmented<DirectionValue>
        legend={t("direction")}
        value={value}
        onChange={choose}
        options={[
          { value: "title", label: t("directionTitle"), testId: "direction-title" },
          { value: "rtl", label: t("directionRtlShort"), testId: "direction-rtl" },
          { value: "ltr", label: t("directionLtrShort"), testId: "direction-ltr" },
        ]}
      />
      {/* Double view's settings: phones have no double view (the footer's switch is hidden there at the same width). */}
      <div className="hidden md:contents">
        <Switch id={`${id}-cover`} label={t("coverAlone")} checked={coverAlone} onChange={(on) => save({ coverAlone: on })} testId="setting-cover-alone" />
        <Switch id={`${id}-shift`} label={t("shiftPages")} checked={shift} onChange={(on) => save({ shift: on })} testId="setting-shift" />
      </div>
      <Switch id={`${id}-all`} label={t("allSeries")} hint={t("seriesNote")} checked={allSeries} onChange={(on) => save({ allSeries: on })} testId="setting-all-series" />
    </div>
  );
}

function Cover({ manga, noCover }: { manga: PanelManga; noCover: string }) {
  if (!manga.coverImageUrl) return <div className="grid aspect-[2/3] w-full place-items-center rounded-2xl bg-zinc-800 text-sm text-zinc-500">{noCover}</div>;
  // eslint-disable-next-line @next/next/no-img-element -- immutable media URL
  return <img src={mediaVariantUrl(manga.coverImageUrl, 480)} alt={manga.title} width={600} height={900} className="aspect-[2/3] w-full rounded-2xl object-cover shadow-xl ring-1 ring-white/10" />;
}

function Details({ manga, chapterCount }: { manga: PanelManga; chapterCount: number }) {
  const t = useTranslations("reader");
  const tg = useTranslations("genres");
  const locale = useLocale();
  const fmt = (n: number) => n.toLocaleString(locale);
  return (
    <dl className="space-y-5 text-sm">
      <Row label={t("detailTitle")}><span dir="auto" className="text-base font-bold text-white">{manga.title}</span></Row>
      <Row label={t("detailAuthor")}>
        {/* The author's writer page (issue 34): their other manga and the Follow button. */}
        {manga.author ? (
          <Link href={`/writers/${encodeURIComponent(manga.author)}`} dir="auto" prefetch={false} className="font-semibold text-brand-400 underline-offset-4 hover:underline" data-testid="reader-author-link">
            {manga.author}
          </Link>
        ) : (
          t("unknownAuthor")
        )}
      </Row>
      <Row label={t("detailGenres")}>
        {manga.genres.length === 0 ? (
          <span className="text-zinc-400">{t("noGenres")}</span>
        ) : (
          <ul className="flex flex-wrap gap-1.5">
            {manga.genres.map((g) => (
              <li key={g} className="rounded-full bg-brand-600/15 px-2.5 py-0.5 text-xs font-semibold text-brand-400">{tg(g)}</li>
            ))}
          </ul>
        )}
      </Row>
      <div className="grid grid-cols-3 gap-2">
        <Stat label={t("detailChapters")} value={fmt(chapterCount)} />
        <Stat label={t("detailViews")} value={fmt(manga.views)} />
        <Stat label={t("detailFavorites")} value={fmt(manga.favorites)} />
      </div>
      <Row label={t("detailDescription")}>
        <p dir="auto" className="whitespace-pre-line leading-7 text-zinc-300">{manga.description}</p>
      </Row>
    </dl>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-black/30 px-3 py-2.5 text-center">
      <dt className="text-[11px] font-semibold text-zinc-500">{label}</dt>
      <dd className="mt-0.5 font-bold tabular-nums text-white">{value}</dd>
    </div>
  );
}
