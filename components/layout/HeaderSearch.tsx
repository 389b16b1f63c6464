"use client";

import { Search, X } from "@/components/icons/ui";
import { useLocale, useTexts } from "@/i18n/client";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { getPathname, usePathname, useRouter } from "@/i18n/navigation";
import { HEADER_SEARCH_RESULTS } from "@/lib/constants";
import { resultsBoxClass, Searching } from "./search-status";

// Off the kit on purpose: the kit's Button module would add ~600 B gzip to every public page's first load (issue 29; every public page is within a few hundred bytes of its budget, tests/e2e/page-weight.spec.ts).

const SearchResults = lazy(() => import("./HeaderSearchResults"));

function Results({ text, limit, onPick, id, fill = false }: { text: string; limit: number; onPick: () => void; id: string; fill?: boolean }) {
  if (text.trim() === "") return null;
  return (
    <Suspense fallback={<div id={id} className={resultsBoxClass(fill)} aria-live="polite" data-testid="search-results"><Searching /></div>}>
      <SearchResults text={text} limit={limit} onPick={onPick} id={id} fill={fill} />
    </Suspense>
  );
}

/** Arrow keys move between the input and the results (the results are plain links). */
function moveFocus(e: KeyboardEvent<HTMLElement>, container: HTMLElement | null) {
  if (!container || (e.key !== "ArrowDown" && e.key !== "ArrowUp")) return;
  const links = [...container.querySelectorAll<HTMLElement>("[data-search-result]")];
  const input = container.querySelector<HTMLElement>("input");
  const items = input ? [input, ...links] : links;
  if (items.length < 2) return;
  e.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = e.key === "ArrowDown" ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
  items[next]?.focus();
}

/**
 * The search form: without JavaScript it opens /discovery?search=… (also what Enter does); with it, results
 * show as you type.
 */
function SearchForm({ text, setText, autoFocus, onSubmitted, inputId, listId, expanded }: {
  text: string;
  setText: (v: string) => void;
  autoFocus?: boolean;
  onSubmitted: () => void;
  inputId: string;
  listId: string;
  expanded: boolean;
}) {
  const t = useTexts("search");
  const locale = useLocale();
  const router = useRouter();
  return (
    <form
      role="search"
      action={getPathname({ href: "/discovery", locale })}
      method="get"
      className="relative w-full"
      onSubmit={(e) => {
        e.preventDefault();
        const search = text.trim().slice(0, 100);
        router.push(search ? { pathname: "/discovery", query: { search } } : "/discovery");
        onSubmitted();
      }}
    >
      <label className="sr-only" htmlFor={inputId}>
        {t("label")}
      </label>
      <input
        id={inputId}
        name="search"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoFocus={autoFocus}
        autoComplete="off"
        maxLength={100}
        aria-controls={expanded ? listId : undefined}
        placeholder={t("placeholder")}
        className="h-11 w-full rounded-full border border-zinc-200 bg-zinc-50 ps-11 pe-4 text-sm outline-none transition placeholder:text-zinc-400 focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900 dark:focus:bg-zinc-950 [&::-webkit-search-cancel-button]:hidden"
      />
      {/* A real submit button (HTML_CodeSniffer H32; Enter works too): the magnifier, a 44 px target over the input's
          start. After the input, which a phone's search dialog focuses first. */}
      <button type="submit" aria-label={t("submit")} className="absolute start-0 top-0 grid size-11 place-items-center rounded-full text-zinc-500 hover:text-brand-600">
        <Search className="size-4" aria-hidden />
      </button>
    </form>
  );
}

/** A search box's state: its text, whether it is open, ids for ARIA, and `close` (also on route change, spec §2, §9). */
function useSearchBox() {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const ids = useId();
  const close = useCallback(() => {
    setOpen(false);
    setText("");
  }, []);
  const pathname = usePathname();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    close();
  }, [pathname, close]);
  return { text, setText, open, setOpen, ids, close };
}

export function DesktopSearch() {
  const { text, setText, open, setOpen, ids, close } = useSearchBox();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open, setOpen]);
  const expanded = open && text.trim() !== "";
  return (
    <div
      ref={box}
      className="relative hidden w-full max-w-sm lg:block"
      onFocus={() => setOpen(true)}
      onKeyDown={(e) => {
        if (e.key === "Escape") setOpen(false);
        else moveFocus(e, box.current);
      }}
    >
      <SearchForm
        text={text}
        setText={(v) => {
          setText(v);
          setOpen(true);
        }}
        onSubmitted={close}
        inputId={`${ids}-desktop`}
        listId={`${ids}-desktop-results`}
        expanded={expanded}
      />
      {expanded && (
        <div className="absolute inset-x-0 top-12 z-50 min-w-[22rem] overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xl shadow-zinc-900/10 dark:border-zinc-700 dark:bg-zinc-900">
          <Results text={text} limit={HEADER_SEARCH_RESULTS.desktop} onPick={close} id={`${ids}-desktop-results`} />
        </div>
      )}
    </div>
  );
}

/** Spec §2: full-screen search on mobile, with up to 8 results. */
export function MobileSearch() {
  const t = useTexts("search");
  const { text, setText, open, setOpen, ids, close } = useSearchBox();
  // A modal <dialog> in the top layer: the browser keeps focus inside, closes it on Escape and returns focus to the
  // button that opened it (the header's backdrop blur cannot squeeze it either).
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
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
      <dialog
        ref={dialog}
        aria-label={t("label")}
        onClose={close}
        onKeyDown={(e) => moveFocus(e, dialog.current)}
        className="fixed inset-0 z-[60] m-0 h-dvh max-h-none w-full max-w-none flex-col bg-white p-0 text-zinc-900 open:flex lg:hidden dark:bg-zinc-950 dark:text-zinc-100"
      >
        {open && (
          <>
            <div className="flex items-center gap-2 border-b border-zinc-200 p-4 dark:border-zinc-800">
              <SearchForm
                text={text}
                setText={setText}
                autoFocus
                onSubmitted={close}
                inputId={`${ids}-mobile`}
                listId={`${ids}-mobile-results`}
                expanded={text.trim() !== ""}
              />
              <button
                type="button"
                aria-label={t("close")}
                onClick={close}
                className="grid size-10 shrink-0 place-items-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
              >
                <X className="size-5" aria-hidden />
              </button>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto">
              <Results text={text} limit={HEADER_SEARCH_RESULTS.mobile} onPick={close} id={`${ids}-mobile-results`} fill />
            </div>
          </>
        )}
      </dialog>
    </>
  );
}
