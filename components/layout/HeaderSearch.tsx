"use client";

import { useQuery } from "@tanstack/react-query";
import { Loader2, Search, X } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { Status } from "@/db/schema/enums";
import { getPathname, usePathname, useRouter } from "@/i18n/navigation";
import { apiRequest } from "@/lib/api-client";
import { HEADER_SEARCH_RESULTS, MANGA_LIST_STALE_MS, QUERY_GC_MS, SEARCH_DEBOUNCE_MS } from "@/lib/constants";
import type { MangaListItem, Paged } from "@/server/manga/list-manga";
import { PreviewLink } from "@/components/manga/PreviewLink";
import { mediaVariantUrl } from "@/lib/media-url";

/** The value, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Spec §2, §7, §9: results for the trimmed text 300 ms after the last key stroke, page 1 with as many items as
 * the box shows, accepted manga with accepted chapters; nothing is asked for empty text.
 */
function useHeaderSearch(text: string, limit: number) {
  const locale = useLocale();
  const typed = text.trim().slice(0, 100);
  const term = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ["manga-list", "header-search", term, limit],
    queryFn: ({ signal }) =>
      apiRequest<Paged<MangaListItem>>("/api/manga/PaginatedManga", {
        query: {
          page: 1,
          pageSize: limit,
          searchTerm: term,
          "Filters.MangaStatusTypes": Status.Accepted,
          "Filters.ChapterStatusTypes": Status.Accepted,
          imageFormat: "url",
        },
        signal,
        locale,
        session: null,
      }),
    enabled: term !== "",
    staleTime: MANGA_LIST_STALE_MS,
    gcTime: QUERY_GC_MS,
    refetchOnReconnect: true,
  });
  const settled = typed === term;
  return {
    typed,
    term,
    searching: typed !== "" && (!settled || query.isPending || (query.isFetching && !query.data)),
    items: settled && query.data ? query.data.items.slice(0, limit) : [],
    empty: settled && typed !== "" && query.isSuccess && query.data.items.length === 0,
    failed: settled && query.isError,
  };
}

function Results({ state, onPick, id, fill = false }: { state: ReturnType<typeof useHeaderSearch>; onPick: () => void; id: string; fill?: boolean }) {
  const t = useTranslations("search");
  const tm = useTranslations("manga");
  if (state.typed === "") return null;
  return (
    <div id={id} className={`${fill ? "" : "max-h-80 overflow-y-auto overscroll-contain"} py-2`} aria-live="polite" data-testid="search-results">
      {state.searching ? (
        <p role="status" className="flex items-center gap-2 px-4 py-3 text-sm text-zinc-500">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {t("searching")}
        </p>
      ) : state.failed ? (
        <p role="status" className="px-4 py-3 text-sm text-zinc-500">{tm("failed")}</p>
      ) : state.empty ? (
        <p role="status" className="px-4 py-3 text-sm text-zinc-500">{t("noResults", { query: state.typed })}</p>
      ) : (
        <ul aria-label={t("results")}>
          {state.items.map((m) => (
            <li key={m.id}>
              <PreviewLink
                mangaId={m.id}
                onClick={onPick}
                data-search-result
                className="flex items-center gap-3 px-4 py-2 outline-none transition hover:bg-zinc-100 focus-visible:bg-zinc-100 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800"
              >
                <span className="relative h-14 w-10 shrink-0 overflow-hidden rounded-md bg-zinc-200 dark:bg-zinc-800">
                  {m.coverImageUrl && (
                    // eslint-disable-next-line @next/next/no-img-element -- immutable media URL, thumbnail size
                    <img src={mediaVariantUrl(m.coverImageUrl, 160)} alt="" width={40} height={56} loading="lazy" decoding="async" className="size-full object-cover" />
                  )}
                </span>
                <span className="min-w-0">
                  <span className="block truncate text-sm font-semibold">{m.title}</span>
                  <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{tm("by", { author: m.user.username ?? tm("unknownAuthor") })}</span>
                </span>
              </PreviewLink>
            </li>
          ))}
        </ul>
      )}
    </div>
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
  const t = useTranslations("search");
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
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
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
        className="h-10 w-full rounded-full border border-zinc-200 bg-zinc-50 ps-9 pe-4 text-sm outline-none transition placeholder:text-zinc-400 focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900 dark:focus:bg-zinc-950 [&::-webkit-search-cancel-button]:hidden"
      />
    </form>
  );
}

/** Closes whatever is open when the route changes (spec §2, §9). */
function useCloseOnRouteChange(close: () => void) {
  const pathname = usePathname();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    close();
  }, [pathname, close]);
}

export function DesktopSearch() {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const state = useHeaderSearch(text, HEADER_SEARCH_RESULTS.desktop);
  const ids = useId();
  const close = useCallback(() => {
    setOpen(false);
    setText("");
  }, []);
  useCloseOnRouteChange(close);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);
  const expanded = open && state.typed !== "";
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
          <Results state={state} onPick={close} id={`${ids}-desktop-results`} />
        </div>
      )}
    </div>
  );
}

/** Spec §2: full-screen search on mobile, with up to 8 results. */
export function MobileSearch() {
  const t = useTranslations("search");
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const panel = useRef<HTMLDivElement>(null);
  const state = useHeaderSearch(open ? text : "", HEADER_SEARCH_RESULTS.mobile);
  const ids = useId();
  const close = useCallback(() => {
    setOpen(false);
    setText("");
  }, []);
  useCloseOnRouteChange(close);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => e.key === "Escape" && close();
    window.addEventListener("keydown", onKey);
    document.body.style.overflow = "hidden";
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
    };
  }, [open, close]);
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
      {/* A portal: the header's backdrop blur would otherwise become the fixed overlay's containing block. */}
      {open && createPortal(
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-label={t("label")}
          onKeyDown={(e) => moveFocus(e, panel.current)}
          className="fixed inset-0 z-[60] flex flex-col bg-white dark:bg-zinc-950 lg:hidden"
        >
          <div className="flex items-center gap-2 border-b border-zinc-200 p-4 dark:border-zinc-800">
            <SearchForm
              text={text}
              setText={setText}
              autoFocus
              onSubmitted={close}
              inputId={`${ids}-mobile`}
              listId={`${ids}-mobile-results`}
              expanded={state.typed !== ""}
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
            <Results state={state} onPick={close} id={`${ids}-mobile-results`} fill />
          </div>
        </div>,
        document.body,
      )}
    </>
  );
}
