"use client";

import { Check, CheckCheck, ChevronLeft, ChevronRight, ExternalLink, RotateCw, Search, Trash2, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useReducer, useRef, useState } from "react";
import { Banner } from "@/components/ui/Banner";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { TextField } from "@/components/ui/fields";
import { Segmented } from "@/components/ui/Segmented";
import { notifySuccess } from "@/components/ui/toast";
import { SEARCH_DEBOUNCE_MS } from "@/lib/constants";
import { Composer, type FindRecipient } from "./Composer";
import { messageLanguage, toneOf, TONE_CLASSES, type AppNotification } from "./notification-model";
import { FIRST_PAGE, initialNotificationState, notificationReducer, type NotificationAction } from "./notification-state";
import type { NotificationPage } from "./notifications-api";
import { NotificationBody } from "./NotificationItem";
import { useNotificationEvents, useNotifications } from "./NotificationsProvider";

type Filter = "all" | "unread" | "read";
const FILTERS: Filter[] = ["all", "unread", "read"];
type Initial = NotificationPage & { unreadCount: number };

/**
 * The notifications page (issue 14): the caller's notifications 10 a page, searched (300 ms after typing stops),
 * filtered by read state, each marked read, opened or deleted, all marked read at once; live ones join the top of the
 * first page. Errors are the spec §8 texts, kept until dismissed. Root and writers get their composer above the list.
 */
export function NotificationsCenter({ composer, findRecipient, initial }: {
  composer: "root" | "writer" | null;
  findRecipient: FindRecipient;
  /** The first page and the unread count, read by the server: the first HTML shows them (never a false empty list). */
  initial?: Initial;
}) {
  const t = useTranslations("notifications");
  const list = useNotificationList(initial);
  const { state, busy, run, setConfirming, heading } = list;
  const { open } = useNotifications();
  const p = state.pagination;
  const filtered = Boolean(state.searchTerm) || list.filter !== "all";

  const openItem = async (n: AppNotification) => {
    if (!n.isRead) await run(n, "read");
    open(n);
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      {composer && <Composer kind={composer} findRecipient={findRecipient} />}
      <section aria-labelledby="notifications-heading" className="flex flex-col gap-5">
        <CenterHeader list={list} initial={initial} heading={heading} />
        <CenterFilters list={list} />

        {state.error && <CenterError error={state.error} list={list} />}

        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="notifications-count">
          {state.loading ? t("loading") : `${t("page.results", { count: p.totalDisplayRecords })} · ${t("page.unreadCount", { count: list.unreadCount(initial) })}`}
        </p>

        {!state.loading && state.notifications.length === 0 && !state.error ? (
          <p className="rounded-3xl border-2 border-dashed border-zinc-200 px-6 py-14 text-center text-zinc-600 dark:border-zinc-800 dark:text-zinc-400" data-testid="notifications-page-empty">
            {filtered ? t("page.emptyFiltered") : t("page.empty")}
          </p>
        ) : (
          <ul aria-label={t("page.list")} aria-busy={state.loading} className="flex flex-col gap-2" data-testid="notifications-page-list">
            {state.notifications.map((n) => (
              <NotificationRow key={n.id} notification={n} busy={busy[n.id]} onOpen={() => void openItem(n)} onRead={() => void run(n, "read")} onDelete={() => setConfirming(n)} />
            ))}
          </ul>
        )}

        <DeleteConfirm list={list} />

        {p.totalPages > 1 && <CenterPagination list={list} />}
      </section>
    </div>
  );
}

type NotificationList = ReturnType<typeof useNotificationList>;

/** The heading and "Mark all as read". */
function CenterHeader({ list, initial, heading }: { list: NotificationList; initial?: Initial; heading: React.RefObject<HTMLHeadingElement | null> }) {
  const t = useTranslations("notifications");
  const { markAllRead } = useNotifications();
  const [markingAll, setMarkingAll] = useState(false);
  const unreadHere = list.state.notifications.some((n) => !n.isRead);
  const markAllOff = markingAll || (list.unreadCount(initial) === 0 && !unreadHere);
  return (
    <div className="flex flex-wrap items-end justify-between gap-4 md:flex-nowrap">
      <div className="min-w-0 md:max-w-2xl">
        <h2 id="notifications-heading" ref={heading} tabIndex={-1} className="text-2xl font-extrabold tracking-tight focus:outline-none">{t("page.heading")}</h2>
        <p className="mt-1.5 text-zinc-600 dark:text-zinc-400">{t("page.intro")}</p>
      </div>
      {/* aria-disabled, not disabled: the focus stays on it while it runs and after (nothing left unread). */}
      <Button
        variant="secondary"
        className="shrink-0 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        aria-disabled={markAllOff || undefined}
        data-testid="page-mark-all"
        icon={<CheckCheck className="size-4.5" aria-hidden />}
        onClick={async () => {
          if (markAllOff) return;
          setMarkingAll(true);
          try {
            await markAllRead();
            if (list.filter === "unread") list.reload();
          } catch {
            list.fail(t("errors.markAll"));
          } finally {
            setMarkingAll(false);
          }
        }}
      >
        {markingAll ? t("page.markingAll") : t("page.markAllRead")}
      </Button>
    </div>
  );
}

/** A failed call's text with "Retry" and "Dismiss". */
function CenterError({ error, list }: { error: string; list: NotificationList }) {
  const t = useTranslations("notifications");
  return (
    <Banner tone="error" testId="notifications-error">
      <div className="flex flex-wrap items-center gap-3">
        <span className="min-w-0 flex-1 font-semibold">{error}</span>
        <Button variant="secondary" size="sm" icon={<RotateCw className="size-4" aria-hidden />} onClick={list.reload}>
          {t("page.retry")}
        </Button>
        <Button variant="secondary" size="sm" icon={<X className="size-4" aria-hidden />} onClick={list.clearError}>
          {t("errors.dismiss")}
        </Button>
      </div>
    </Banner>
  );
}

/** The confirmation before a notification is deleted, quoting its message. */
function DeleteConfirm({ list }: { list: NotificationList }) {
  const t = useTranslations("notifications");
  const { confirming, setConfirming, busy, run } = list;
  return (
    <ConfirmDialog
      open={confirming !== null}
      title={t("page.confirmDeleteTitle")}
      confirmLabel={t("page.delete")}
      busyLabel={t("page.deleting")}
      cancelLabel={t("page.cancel")}
      busy={confirming !== null && busy[confirming.id] === "delete"}
      onClose={() => setConfirming(null)}
      onConfirm={async () => {
        if (!confirming) return;
        await run(confirming, "delete");
        setConfirming(null);
      }}
    >
      <p>{t("page.confirmDeleteText")}</p>
      {confirming && <p {...messageLanguage(confirming)} className="mt-2 line-clamp-3 font-semibold text-zinc-800 dark:text-zinc-200">{confirming.message}</p>}
    </ConfirmDialog>
  );
}

/** "Previous", "Page n of m" and "Next". */
function CenterPagination({ list }: { list: NotificationList }) {
  const t = useTranslations("notifications");
  const { state, page, setPage } = list;
  const p = state.pagination;
  return (
    <nav aria-label={t("page.pagination")} className="flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" icon={<ChevronLeft className="size-4 rtl:rotate-180" aria-hidden />} disabled={page <= 1 || state.loading} onClick={() => setPage((n) => Math.max(1, n - 1))}>
        {t("page.previous")}
      </Button>
      <span className="text-sm font-semibold tabular-nums" data-testid="notifications-page-of">{t("page.pageOf", { page: p.pageNumber, total: p.totalPages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= p.totalPages || state.loading} onClick={() => setPage((n) => n + 1)}>
        {t("page.next")}
        <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
      </Button>
    </nav>
  );
}

/** The search (300 ms after typing stops) and the read-state filter. */
function CenterFilters({ list }: { list: NotificationList }) {
  const t = useTranslations("notifications");
  return (
    <div role="search" className="grid gap-4 rounded-2xl border border-zinc-200 bg-white p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end dark:border-zinc-800 dark:bg-zinc-900">
      <TextField
        id="notifications-search"
        type="search"
        label={t("page.search")}
        value={list.input}
        onChange={(e) => list.setInput(e.target.value)}
        placeholder={t("page.searchPlaceholder")}
        maxLength={100}
        inputClassName="ps-10"
        trailing={<Search className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4.5 text-zinc-500" aria-hidden />}
      />
      <Segmented
        name="notifications-filter"
        legend={t("page.filter")}
        value={list.filter}
        onChange={list.chooseFilter}
        options={FILTERS.map((f) => ({ value: f, label: t(`page.filters.${f}`) }))}
      />
    </div>
  );
}

/** One notification with its actions: open (when it has a link), mark as read (while unread) and delete. */
function NotificationRow({ notification: n, busy, onOpen, onRead, onDelete }: { notification: AppNotification; busy?: "read" | "delete"; onOpen: () => void; onRead: () => void; onDelete: () => void }) {
  const t = useTranslations("notifications");
  return (
    <li
      data-testid="notification-row"
      data-row-id={n.id}
      data-read={n.isRead}
      className={`flex flex-col gap-3 rounded-2xl border border-s-4 border-zinc-200 p-4 sm:flex-row sm:items-start dark:border-zinc-800 ${TONE_CLASSES[toneOf(n.type)].border} ${n.isRead ? "bg-white dark:bg-zinc-900" : "bg-brand-50/40 dark:bg-brand-500/5"}`}
    >
      <NotificationBody notification={n} clamp={false} />
      <div className="flex shrink-0 flex-wrap items-center gap-2 sm:justify-end">
        {n.link && (
          <Button variant="secondary" size="sm" icon={<ExternalLink className="size-4 rtl:-scale-x-100" aria-hidden />} onClick={onOpen}>
            {t("page.open")}
          </Button>
        )}
        {!n.isRead && (
          <Button variant="secondary" size="sm" icon={<Check className="size-4" aria-hidden />} disabled={Boolean(busy)} onClick={onRead}>
            {t("page.markRead")}
          </Button>
        )}
        <Button variant="dangerOutline" size="sm" icon={<Trash2 className="size-4" aria-hidden />} disabled={Boolean(busy)} data-action="delete" onClick={onDelete}>
          {busy === "delete" ? t("page.deleting") : t("page.delete")}
        </Button>
      </div>
    </li>
  );
}

/**
 * The page's list: its own state (any page, searched, filtered) read through the provider's calls once the session
 * is there, the server's first page standing until something changes, live events applied, and where the focus goes
 * after an action removed the control that had it.
 */
function useNotificationList(initial?: Initial) {
  const { state: bell, ready } = useNotifications();
  // Without the server's first page the list is loading (not empty) until the browser has read it.
  const [state, dispatch] = useReducer(notificationReducer, initial, (first) =>
    first
      ? { ...initialNotificationState, notifications: first.items, pagination: { ...FIRST_PAGE, ...first.pagination } }
      : { ...initialNotificationState, loading: true },
  );
  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(1);
  const [input, setInput] = useState("");
  const [reload, setReload] = useState(0);
  const [confirming, setConfirming] = useState<AppNotification | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const searchTerm = state.searchTerm;

  // Where keyboard focus goes after an action removed the control that had it (a row's "Mark as read", a deleted row).
  const focusAfterRef = useFocusAfter(confirming !== null, heading);
  useDebouncedSearch(input, searchTerm, dispatch, setPage);
  useListLoad(initial !== undefined, { page, setPage, searchTerm, filter, reload }, dispatch);
  useLiveListEvents(page === 1 && !searchTerm && filter !== "read", dispatch);
  const { busy, run } = useRowActions(state.notifications, dispatch, focusAfterRef, setReload);

  return {
    state,
    page,
    setPage,
    filter,
    chooseFilter: (f: Filter) => {
      setFilter(f);
      setPage(1);
    },
    input,
    setInput,
    busy,
    run,
    confirming,
    setConfirming,
    heading,
    reload: () => setReload((r) => r + 1),
    fail: (error: string) => dispatch({ type: "failed", error }),
    clearError: () => dispatch({ type: "clearError" }),
    // The bell's count once the browser has the session (it reads it then); the server's before.
    unreadCount: (first?: Initial) => (ready || !first ? bell.unreadCount : first.unreadCount),
  };
}

type Dispatch = (action: NotificationAction) => void;

/** Search 300 ms after the last keystroke (spec §9), from the first page. */
function useDebouncedSearch(input: string, searchTerm: string, dispatch: Dispatch, setPage: (page: number) => void) {
  useEffect(() => {
    const timer = setTimeout(() => {
      if (input.trim() === searchTerm) return;
      dispatch({ type: "search", term: input });
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, searchTerm, dispatch, setPage]);
}

interface ListQueryState {
  page: number;
  setPage: (page: number) => void;
  searchTerm: string;
  filter: Filter;
  reload: number;
}

/**
 * Reads the chosen page once the session is there (and again whenever the page, search, filter or reload change);
 * `fromServer`: the server's first page is shown and stands until something changes.
 */
function useListLoad(fromServer: boolean, { page, setPage, searchTerm, filter, reload }: ListQueryState, dispatch: Dispatch) {
  const { ready, calls, fetchErrorText } = useNotifications();
  const serverPage = useRef(fromServer);
  useEffect(() => {
    // On a full load the session's token arrives a moment after the first render: wait for it (no anonymous 401).
    if (!ready) return;
    if (serverPage.current) {
      serverPage.current = false;
      // Still what the server read (nothing was searched, filtered or paged before the session arrived).
      if (page === 1 && searchTerm === "" && filter === "all" && reload === 0) return;
    }
    const controller = new AbortController();
    dispatch({ type: "fetchStarted" });
    calls
      .list({ page, searchTerm, isRead: filter === "all" ? undefined : filter === "read" }, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        const last = result.pagination.totalPages ?? 1;
        // A page that emptied (the last one's items deleted elsewhere): go to the last one there is.
        if (result.items.length === 0 && page > last) setPage(last);
        dispatch({ type: "fetched", items: result.items, pagination: result.pagination });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: "failed", error: fetchErrorText(error), clear: true });
      });
    return () => controller.abort();
  }, [ready, calls, page, searchTerm, filter, reload, fetchErrorText, setPage, dispatch]);
}

/** Applies the shared events; a live one joins only the top of the unfiltered first page (`takesNew`). */
function useLiveListEvents(takesNew: boolean, dispatch: Dispatch) {
  useNotificationEvents((event) => {
    if (event.kind === "received") {
      if (takesNew) dispatch({ type: "received", notification: event.notification });
    } else if (event.kind === "read") dispatch({ type: "markedRead", id: event.id });
    else if (event.kind === "allRead") dispatch({ type: "markedAllRead" });
    else dispatch({ type: "removed", id: event.id });
  });
}

/** A row's "Mark as read" and delete, with which rows are busy and where the focus goes after. */
function useRowActions(notifications: AppNotification[], dispatch: Dispatch, focusAfterRef: React.RefObject<{ row: number | null } | null>, setReload: React.Dispatch<React.SetStateAction<number>>) {
  const t = useTranslations("notifications");
  const { markRead, remove } = useNotifications();
  const [busy, setBusy] = useState<Record<number, "read" | "delete">>({});

  const run = async (n: AppNotification, kind: "read" | "delete") => {
    setBusy((b) => ({ ...b, [n.id]: kind }));
    try {
      if (kind === "read") {
        await markRead(n.id);
        focusAfterRef.current = { row: n.id };
      } else {
        const index = notifications.findIndex((x) => x.id === n.id);
        const next = notifications[index + 1] ?? notifications[index - 1];
        await remove(n.id, !n.isRead);
        focusAfterRef.current = { row: next?.id ?? null };
        notifySuccess(t("page.deleted"));
        setReload((r) => r + 1);
      }
    } catch {
      dispatch({ type: "failed", error: t(kind === "read" ? "errors.markRead" : "errors.delete") });
    } finally {
      setBusy(({ [n.id]: _done, ...rest }) => rest);
    }
  };

  return { busy, run };
}

/**
 * After the render that follows an action (and once the confirmation dialog has closed and handed focus back to a
 * button that is gone): the same row's Delete after "Mark as read", the row that took a deleted one's place, else
 * the heading.
 */
function useFocusAfter(dialogOpen: boolean, heading: React.RefObject<HTMLHeadingElement | null>) {
  const focusAfter = useRef<{ row: number | null } | null>(null);
  useEffect(() => {
    const target = focusAfter.current;
    // While the modal dialog is open the rest of the page is inert and cannot take the focus: wait for it to close.
    if (!target || dialogOpen) return;
    focusAfter.current = null;
    const row = target.row === null ? null : document.querySelector<HTMLElement>(`[data-row-id="${target.row}"]`);
    (row?.querySelector<HTMLElement>("[data-action=delete]") ?? heading.current)?.focus();
  });
  return focusAfter;
}
