"use client";

import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { X } from "lucide-react";
import type { Genre } from "@/lib/enums";
import { mediaVariantUrl } from "@/lib/media-url";

export interface PanelManga {
  title: string;
  description: string;
  coverImageUrl: string | null;
  genres: readonly Genre[];
  author: string | null;
  views: number;
  favorites: number;
}

type Tab = "cover" | "details";

/** The settings side panel (spec §2): tabs Cover Image and Manga Details. */
export function SettingsPanel({ manga, chapterCount, onClose }: { manga: PanelManga; chapterCount: number; onClose: () => void }) {
  const t = useTranslations("reader");
  const tg = useTranslations("genres");
  const locale = useLocale();
  const [tab, setTab] = useState<Tab>("cover");
  const closeRef = useRef<HTMLButtonElement>(null);
  const fmt = (n: number) => n.toLocaleString(locale);

  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  const tabs: Array<{ id: Tab; label: string }> = [
    { id: "cover", label: t("tabCover") },
    { id: "details", label: t("tabDetails") },
  ];

  return (
    <div className="fixed inset-0 z-40" data-testid="settings-panel">
      <button type="button" aria-label={t("closePanel")} tabIndex={-1} onClick={onClose} className="absolute inset-0 bg-black/50" />
      <aside
        role="dialog"
        aria-modal="true"
        aria-label={t("settings")}
        className="absolute inset-y-0 end-0 flex w-[min(24rem,100vw)] flex-col border-s border-white/10 bg-zinc-900 text-zinc-100 shadow-2xl"
      >
        <div className="flex items-center justify-between gap-3 border-b border-white/10 px-5 py-4">
          <h2 className="text-lg font-bold">{t("settings")}</h2>
          <button ref={closeRef} type="button" onClick={onClose} aria-label={t("closePanel")} className="grid size-9 place-items-center rounded-full hover:bg-white/10">
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <div role="tablist" aria-label={t("settings")} className="mx-5 mt-4 grid grid-cols-2 gap-1 rounded-xl bg-black/40 p-1">
          {tabs.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`reader-tab-${item.id}`}
              aria-selected={tab === item.id}
              aria-controls={`reader-tabpanel-${item.id}`}
              onClick={() => setTab(item.id)}
              className={`rounded-lg px-3 py-2 text-sm font-semibold transition ${tab === item.id ? "bg-brand-600 text-white shadow" : "text-zinc-400 hover:text-white"}`}
            >
              {item.label}
            </button>
          ))}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5">
          {tab === "cover" ? (
            <div role="tabpanel" id="reader-tabpanel-cover" aria-labelledby="reader-tab-cover">
              {manga.coverImageUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- immutable media URL
                <img src={mediaVariantUrl(manga.coverImageUrl, 480)} alt={manga.title} width={600} height={900} className="aspect-[2/3] w-full rounded-2xl object-cover shadow-xl ring-1 ring-white/10" />
              ) : (
                <div className="grid aspect-[2/3] w-full place-items-center rounded-2xl bg-zinc-800 text-sm text-zinc-500">{t("noCover")}</div>
              )}
            </div>
          ) : (
            <dl role="tabpanel" id="reader-tabpanel-details" aria-labelledby="reader-tab-details" className="space-y-5 text-sm">
              <Row label={t("detailTitle")}><span dir="auto" className="text-base font-bold text-white">{manga.title}</span></Row>
              <Row label={t("detailAuthor")}>{manga.author ?? t("unknownAuthor")}</Row>
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
          )}
        </div>
      </aside>
    </div>
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
