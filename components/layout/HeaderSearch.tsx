"use client";

import { Search, X } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { getPathname } from "@/i18n/navigation";

/** A plain search form that opens the catalogue with the query (works without JavaScript). */
function SearchForm({ autoFocus, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const t = useTranslations("search");
  const locale = useLocale();
  return (
    <form role="search" action={getPathname({ href: "/discovery", locale })} method="get" className="relative w-full" onSubmit={onDone}>
      <label className="sr-only" htmlFor={autoFocus ? "search-mobile" : "search-desktop"}>
        {t("label")}
      </label>
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
      <input
        id={autoFocus ? "search-mobile" : "search-desktop"}
        name="search"
        type="search"
        autoFocus={autoFocus}
        autoComplete="off"
        maxLength={100}
        placeholder={t("placeholder")}
        className="h-10 w-full rounded-full border border-zinc-200 bg-zinc-50 ps-9 pe-4 text-sm outline-none transition placeholder:text-zinc-400 focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900 dark:focus:bg-zinc-950"
      />
    </form>
  );
}

export function DesktopSearch() {
  return (
    <div className="hidden w-full max-w-sm lg:block">
      <SearchForm />
    </div>
  );
}

/** Spec §2: full-screen search on mobile. */
export function MobileSearch() {
  const t = useTranslations("search");
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <>
      <button
        type="button"
        aria-label={t("open")}
        onClick={() => setOpen(true)}
        className="grid size-10 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100 lg:hidden dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <Search className="size-5" aria-hidden />
      </button>
      {open && (
        <div role="dialog" aria-modal="true" aria-label={t("label")} className="fixed inset-0 z-[60] bg-white p-4 dark:bg-zinc-950 lg:hidden">
          <div className="flex items-center gap-2">
            <SearchForm autoFocus onDone={() => setOpen(false)} />
            <button
              ref={closeRef}
              type="button"
              aria-label={t("close")}
              onClick={() => setOpen(false)}
              className="grid size-10 shrink-0 place-items-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
        </div>
      )}
    </>
  );
}
