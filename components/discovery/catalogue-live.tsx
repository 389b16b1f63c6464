"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useLocale } from "@/i18n/client";
import { SEARCH_DEBOUNCE_MS } from "@/lib/constants";
import { discoveryQuery, parseDiscoveryParams, RELEVANCE, sameDiscoveryParams, withDiscoveryParams, type DiscoveryParams, type DiscoverySort } from "@/lib/discovery-params";
import type { SortBy } from "@/lib/enums";
import type { CataloguePage } from "./discovery-fetch";
import type { CardTexts, PreviewBase } from "@/components/manga/MangaCard";
import { rawSearchParams } from "./raw-params";
import { isPlainClick, type EarlyMoves, type LiveView } from "./catalogue-dom";

/**
 * The discovery catalogue's behaviour in the browser (./DiscoveryCatalogue.tsx loads it with the visitor's first move
 * over the catalogue; not part of the page's first load, ADR 010): search as you type, the order, client paging, and
 * the filter chips keeping the search and order in force. It works on the server-rendered controls where they are
 * (./CatalogueControls.tsx, found by their `data-catalogue` names), keeping them in step with the URL.
 */

type Live = typeof import("./discovery-live");
type Navigate = (next: Partial<DiscoveryParams>, mode?: "push" | "replace") => void;
type Shown = { params: DiscoveryParams; data?: CataloguePage | null };

/**
 * What is shown: the server-rendered page whenever the URL asks for it, otherwise the pages the browser reads
 * (TanStack Query and the results view load with the first turn: ./discovery-live.tsx). The page shown stays, dimmed,
 * while the next one loads; a page that could not be read is `null` (with a retry button).
 */
function useShownPage(params: DiscoveryParams, initialParams: DiscoveryParams) {
  const locale = useLocale();
  const [live, setLive] = useState<Live | null>(null);
  const [shown, setShown] = useState<Shown>({ params: initialParams });
  const [attempt, setAttempt] = useState(0);
  // The server's page cannot fail and is not read again (retries and reconnects are for the pages read here).
  const serverPage = sameDiscoveryParams(params, initialParams);
  // Back on the server's page: it is what stays on screen (dimmed) while the next page loads.
  if (serverPage && shown.data !== undefined) setShown({ params: initialParams });
  const loading = !serverPage && (!sameDiscoveryParams(params, shown.params) || attempt > 0);
  useEffect(() => {
    if (serverPage || (sameDiscoveryParams(params, shown.params) && attempt === 0)) return;
    let current = true;
    void import("./discovery-live")
      .then((module) => {
        if (current) setLive(() => module);
        return module.readDiscoveryPage(params, locale);
      })
      .then(
        (data) => current && setShown({ params, data }),
        () => current && setShown({ params, data: null }),
      )
      .finally(() => current && setAttempt(0));
    return () => {
      current = false;
    };
    // Only a change of the wanted page (or a retry) reads again; `shown` is what the read updates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, attempt]);
  // Spec §7: lists are read again on reconnect when they are no longer fresh.
  useEffect(() => {
    const onOnline = () => setAttempt((n) => n + 1);
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, []);
  const retry = () => setAttempt((n) => n + 1);
  return [live, shown, serverPage, loading, retry] as const;
}

const find = <T extends Element>(root: RefObject<HTMLElement | null>, selector: string) => root.current?.querySelector<T>(selector) ?? null;
const searchBox = (root: RefObject<HTMLElement | null>) => find<HTMLInputElement>(root, '[data-catalogue="search"] input[name="search"]');
const sortSelect = (root: RefObject<HTMLElement | null>) => find<HTMLSelectElement>(root, '[data-catalogue="sort"]');
const typed = (box: HTMLInputElement | null) => (box?.value ?? "").trim().slice(0, 100);

/**
 * The search box and the order: typed text is applied 300 ms after the last key stroke, trimmed, from page 1 (spec
 * §2, §5, §9; at once on Enter); the box and the select follow the URL when it changes from outside (Back, the
 * header's search), and "Best match" is offered only with a search.
 */
function useSearchAndSort(root: RefObject<HTMLElement | null>, params: DiscoveryParams, navigate: Navigate) {
  const applied = useRef(params.search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const apply = useCallback(
    (term: string) => {
      clearTimeout(timer.current);
      if (term === applied.current) return;
      applied.current = term;
      navigate({ search: term, page: 1 }, "replace");
    },
    [navigate],
  );
  // The box and the select as the URL says when it changes (a search typed here is already what the URL says). Not
  // when this code starts: the controls then show the URL's page, and what the visitor did to them since (takeOver).
  const synced = useRef(params);
  useLayoutEffect(() => {
    if (synced.current === params) return;
    synced.current = params;
    const box = searchBox(root);
    if (box && params.search !== applied.current) {
      applied.current = params.search;
      box.value = params.search;
    }
    const select = sortSelect(root);
    if (!select) return;
    const relevance = select.querySelector<HTMLOptionElement>(`option[value="${RELEVANCE}"]`);
    if (params.search && !relevance) select.prepend(new Option(select.dataset.relevanceLabel ?? RELEVANCE, RELEVANCE));
    if (!params.search && relevance) relevance.remove();
    select.value = String(params.sort);
  }, [root, params]);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onInput = (e: Event) => {
      if (!(e.target as Element).matches('input[name="search"]')) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => apply(typed(searchBox(root))), SEARCH_DEBOUNCE_MS);
    };
    const onChange = (e: Event) => {
      const select = e.target as HTMLSelectElement;
      if (select !== sortSelect(root)) return;
      const sort: DiscoverySort = select.value === RELEVANCE ? RELEVANCE : (Number(select.value) as SortBy);
      if (sort !== params.sort) navigate({ sort, page: 1 });
    };
    const onSubmit = (e: Event) => {
      if (!(e.target as Element).matches('[data-catalogue="search"]')) return;
      e.preventDefault();
      apply(typed(searchBox(root)));
    };
    const onClick = (e: MouseEvent) => {
      if (!(e.target as Element).closest?.('[data-catalogue="clear-search"]')) return;
      const box = searchBox(root);
      if (!box) return;
      box.value = "";
      box.focus();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => apply(""), SEARCH_DEBOUNCE_MS);
    };
    element.addEventListener("input", onInput);
    element.addEventListener("change", onChange);
    element.addEventListener("submit", onSubmit);
    element.addEventListener("click", onClick);
    return () => {
      element.removeEventListener("input", onInput);
      element.removeEventListener("change", onChange);
      element.removeEventListener("submit", onSubmit);
      element.removeEventListener("click", onClick);
    };
  }, [root, params.sort, navigate, apply]);
  useEffect(() => () => clearTimeout(timer.current), []);
  /** What was done before this code had loaded: a submitted search at once, text typed after the debounce, an order. */
  const takeOver = (submitted: boolean) => {
    const term = typed(searchBox(root));
    const select = sortSelect(root);
    if (submitted) apply(term);
    else if (term !== applied.current) timer.current = setTimeout(() => apply(term), SEARCH_DEBOUNCE_MS);
    else if (select && select.value !== String(params.sort)) navigate({ sort: select.value === RELEVANCE ? RELEVANCE : (Number(select.value) as SortBy), page: 1 });
  };
  return takeOver;
}

/**
 * Page turns in the results, and the chips. The pagination's links carry data-page; a plain click turns the page here
 * instead of loading it (the empty text's "every genre" link, data-all-genres, is left to next/link). A page turn puts
 * the top of the list in view at once, and again once the new page is in place: both instant (a smooth scroll still
 * running when the results were swapped kept animating toward a stale position in Chromium). The genre chips and the
 * filters' chips are the server's links for the page as it loaded; a click keeps the search and order in force now,
 * and their addresses are kept in step for opening in a new tab.
 */
function useCatalogueClicks(root: RefObject<HTMLElement | null>, params: DiscoveryParams, navigate: Navigate, shown: Shown, loading: boolean) {
  const router = useRouter();
  const scrollToList = useRef(false);
  const showListTop = useCallback(() => find<HTMLElement>(root, '[data-catalogue="list-top"]')?.scrollIntoView({ behavior: "instant", block: "start" }), [root]);
  const goToPage = useCallback(
    (next: number) => {
      if (next !== params.page) {
        navigate({ page: next });
        scrollToList.current = true;
      }
      showListTop();
    },
    [params.page, navigate, showListTop],
  );
  useEffect(() => {
    if (!scrollToList.current || loading) return;
    scrollToList.current = false;
    showListTop();
  }, [shown, loading, showListTop]);
  const chipLinks = '[data-catalogue="genres"] a[href], [data-catalogue="active-filters"] a[href]';
  // The chips' addresses with the search and order in force.
  useEffect(() => {
    root.current?.querySelectorAll<HTMLAnchorElement>(chipLinks).forEach((link) => {
      const url = new URL(link.href);
      const chosen = parseDiscoveryParams(rawSearchParams(url.searchParams));
      link.setAttribute("href", `${url.pathname}${discoveryQuery({ ...chosen, search: params.search, sort: params.sort })}`);
    });
  }, [root, params.search, params.sort]);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onClick = (e: MouseEvent) => {
      if (!isPlainClick(e) || e.defaultPrevented) return;
      const target = e.target as Element;
      const page = target.closest?.<HTMLAnchorElement>("section a[data-page]");
      if (page && page.dataset.allGenres === undefined) {
        e.preventDefault();
        e.stopPropagation();
        if (page.getAttribute("aria-disabled") !== "true") goToPage(Number(page.dataset.page));
        return;
      }
      const chip = target.closest?.<HTMLAnchorElement>(chipLinks);
      if (!chip) return;
      e.preventDefault();
      e.stopPropagation();
      router.push(chip.getAttribute("href")!, { scroll: false });
    };
    // Capture: before next/link's own handler would navigate to the address it was rendered with.
    element.addEventListener("click", onClick, true);
    return () => element.removeEventListener("click", onClick, true);
  }, [root, goToPage, router]);
  return goToPage;
}

/** The results the browser reads, and the controls' behaviour (see the top of this file). */
export function LiveCatalogue({ root, initialParams, cardTexts, previewBase, takeEarlyMoves, onView }: {
  root: RefObject<HTMLDivElement | null>;
  initialParams: DiscoveryParams;
  cardTexts: CardTexts;
  previewBase: PreviewBase;
  /** What the visitor did before this code had loaded (given once). */
  takeEarlyMoves: () => EarlyMoves;
  onView: (view: LiveView) => void;
}) {
  const searchParams = useSearchParams();
  const params = useMemo(() => parseDiscoveryParams(rawSearchParams(searchParams)), [searchParams]);
  // Updates the URL without a server round trip; Next keeps useSearchParams in step (and Back works).
  const navigate = useCallback<Navigate>(
    (next, mode = "push") => {
      const url = `${window.location.pathname}${discoveryQuery(withDiscoveryParams(params, next))}`;
      if (mode === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [params],
  );
  const [live, shown, serverPage, loading, retry] = useShownPage(params, initialParams);
  const takeOver = useSearchAndSort(root, params, navigate);
  const goToPage = useCatalogueClicks(root, params, navigate, shown, loading);
  useEffect(() => {
    const early = takeEarlyMoves();
    takeOver(early.submitted === true);
    if (early.page !== undefined) goToPage(early.page);
    // Once, when the live code starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const select = sortSelect(root);
    select?.setAttribute("aria-busy", String(loading));
  }, [root, loading]);
  const failed = shown.data === null && !serverPage && live !== null;
  const server = !failed && (serverPage || !shown.data || !live);
  useLayoutEffect(() => onView({ server, loading: loading && !failed }), [onView, server, loading, failed]);
  if (failed) return <live.LiveFailure loading={loading} onRetry={retry} />;
  if (server || !shown.data || !live) return null;
  return <live.LiveResults data={shown.data} params={shown.params} previewBase={previewBase} cardTexts={cardTexts} />;
}
