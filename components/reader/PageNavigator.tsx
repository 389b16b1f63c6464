"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { X } from "lucide-react";
import { Button, IconButton } from "@/components/ui/Button";
import { SliderField, TextField } from "@/components/ui/fields";
import { cx } from "@/components/ui/cx";
import { clampPage } from "./reader-logic";
import type { ReaderPage } from "./reader-utils";

/** Pages per request when the thumbnails fetch the chapter's page list (URLs only; the images load as they scroll in). */
const THUMB_BATCH = 20;

export interface PageNavigatorProps {
  pageCount: number;
  /** The page being read (the first of a pair). */
  current: number;
  pages: Record<number, ReaderPage>;
  loadPages: (from: number, to: number, size: number) => Promise<ReaderPage[]>;
  onGo: (page: number) => void;
  onClose: () => void;
  /** Phones get a slider, wider screens a strip of thumbnails. */
  isMobile: boolean;
  /** The strip and the slider run in the title's reading direction. */
  rtlReading: boolean;
}

/**
 * Issue 32, "go anywhere quickly": jump to a typed page number; on wide screens a strip of every page's thumbnail, on
 * phones a page slider. Loaded on first use (React.lazy), so the reader's first load does not carry it.
 */
export default function PageNavigator(props: PageNavigatorProps) {
  const { pageCount, current, onGo, onClose, isMobile, rtlReading } = props;
  const t = useTranslations("reader");
  const id = useId();
  const [typed, setTyped] = useState(String(current));
  // The box follows the page shown when the slider or a thumbnail moves it.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setTyped(String(current));
  }
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(typed);
    if (!Number.isFinite(n) || typed.trim() === "") return;
    const page = clampPage(n, pageCount);
    setTyped(String(page));
    onGo(page);
  };

  return (
    <section
      aria-label={t("jumpToPage")}
      data-testid="page-navigator"
      className="dark relative z-30 shrink-0 border-t border-white/10 bg-zinc-950/95 px-2 py-2 sm:px-4"
      // Escape closes it from the jump field too (the reader's keys stay out of text fields).
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        e.stopPropagation();
        onClose();
      }}
    >
      <div className="flex flex-wrap items-end gap-2">
        <form onSubmit={submit} noValidate className="flex items-end gap-2" data-testid="jump-form">
          <TextField
            ref={inputRef}
            id={`${id}-jump`}
            label={t("jumpToPage")}
            type="number"
            inputMode="numeric"
            min={1}
            max={pageCount}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className="w-28"
            data-testid="jump-input"
          />
          <Button type="submit" size="sm" className="mb-1" data-testid="jump-go">
            {t("jumpGo")}
          </Button>
        </form>
        {isMobile && pageCount > 1 && (
          // A row of its own under the jump field: the whole width for the thumb on a phone.
          <div className="order-last mb-1 w-full min-w-0" dir={rtlReading ? "rtl" : "ltr"}>
            <SliderField id={`${id}-slider`} label={t("pageSlider")} value={current} min={1} max={pageCount} step={1} onChange={onGo} testId="page-slider" />
          </div>
        )}
        <IconButton tone="onDark" onClick={onClose} label={t("closePanel")} icon={<X aria-hidden />} className="ms-auto" data-testid="close-navigator" />
      </div>
      {!isMobile && <Thumbnails {...props} />}
    </section>
  );
}

/** Every page's thumbnail (the 350 px variant, loaded lazily as the strip scrolls); the current one marked and in view. */
function Thumbnails({ pageCount, current, pages, loadPages, onGo, rtlReading }: PageNavigatorProps) {
  const t = useTranslations("reader");
  const stripRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    void loadPages(1, pageCount, THUMB_BATCH);
  }, [loadPages, pageCount]);

  useEffect(() => {
    stripRef.current?.querySelector(`[data-thumb="${current}"]`)?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [current]);

  return (
    <ol ref={stripRef} aria-label={t("thumbnails")} dir={rtlReading ? "rtl" : "ltr"} data-testid="thumbnail-strip" className="mt-2 flex gap-2 overflow-x-auto pb-1">
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => {
        const page = pages[n];
        const here = n === current;
        return (
          <li key={n} data-thumb={n} className="shrink-0">
            {/* The thumbnail is the button: the kit's ghost button holding the page's picture and number. */}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onGo(n)}
              aria-current={here ? "page" : undefined}
              aria-label={t("thumbAlt", { n })}
              className={cx("!h-auto flex-col !gap-1 !p-1", here && "ring-2 ring-brand-500")}
            >
              <span className="block h-20 w-14 overflow-hidden rounded bg-zinc-800">
                {page && (
                  // eslint-disable-next-line @next/next/no-img-element -- immutable media URL, the 350 px variant
                  <img src={page.variants[350]} alt="" width={56} height={80} loading="lazy" decoding="async" draggable={false} className="size-full object-cover" />
                )}
              </span>
              <span className="text-[11px] tabular-nums">{n}</span>
            </Button>
          </li>
        );
      })}
    </ol>
  );
}
