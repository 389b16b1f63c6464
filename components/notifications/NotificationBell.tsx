"use client";

import { Bell, CheckCheck, ChevronRight, WifiOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { Link } from "@/i18n/client";
import type { AppNotification } from "./notification-model";
import { NotificationBody } from "./NotificationItem";
import { useNotifications, type DropdownView } from "./NotificationsProvider";

/** Spec §9: the dropdown shows at most 6 items. */
export const DROPDOWN_ITEMS = 6;
const VIEWS: DropdownView[] = ["all", "unread"];

/**
 * The top bar's notifications (spec §2): a bell with a red dot while anything is unread, and a disclosure panel with
 * the tabs "All Notifications" / "Unread", the first 6 items of the chosen view (fetched when the panel opens and when
 * the tab changes), a spinner while fetching, the empty and "no unread" texts and a mark-all button. Escape and a
 * click outside close it; Escape returns focus to the bell. While the live connection is down a status line says so.
 */
export function NotificationBell() {
  const { state, liveDown, loadDropdown } = useNotifications();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<DropdownView>("all");
  const [marking, setMarking] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const panelId = `${id}-panel`;

  useDismiss(open, setOpen, root, button);

  // The list is fetched when the dropdown opens (spec §4) and when the view changes.
  useEffect(() => {
    if (open) void loadDropdown(view);
  }, [open, view, loadDropdown]);

  return (
    <div
      ref={root}
      className="relative flex items-center"
      data-live={state.connectionStatus}
      data-testid="notifications"
      // Tabbing out of the panel closes it (on phones it would otherwise cover what gets the focus).
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !root.current?.contains(next)) setOpen(false);
      }}
    >
      {liveDown && <LiveStatus />}
      <BellButton buttonRef={button} open={open} panelId={panelId} unreadCount={state.unreadCount} onToggle={() => setOpen((v) => !v)} />
      {open && <BellPanel id={id} view={view} setView={setView} marking={marking} setMarking={setMarking} close={() => setOpen(false)} />}
    </div>
  );
}

/** Escape and a click outside close the open panel; Escape returns focus to the bell. */
function useDismiss(open: boolean, setOpen: (open: boolean) => void, root: RefObject<HTMLDivElement | null>, button: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, setOpen, root, button]);
}

/** The status pill shown while the live connection is down. */
function LiveStatus() {
  const t = useTranslations("notifications");
  return (
    <span role="status" className="me-1 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2 py-1 text-xs font-semibold text-amber-800 dark:bg-amber-500/15 dark:text-amber-300" data-testid="live-status">
      <WifiOff className="size-3.5" aria-hidden />
      <span className="sr-only md:not-sr-only">{t("live.down")}</span>
    </span>
  );
}

/** The bell that opens and closes the panel, with its red dot while anything is unread. */
function BellButton({ buttonRef, open, panelId, unreadCount, onToggle }: { buttonRef: RefObject<HTMLButtonElement | null>; open: boolean; panelId: string; unreadCount: number; onToggle: () => void }) {
  const t = useTranslations("notifications");
  const hasUnread = unreadCount > 0;
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      data-testid="notifications-button"
      onClick={onToggle}
      className="relative grid size-10 place-items-center rounded-full text-zinc-700 transition hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:text-zinc-200 dark:hover:bg-zinc-800"
    >
      <Bell className="size-5.5" aria-hidden />
      <span className="sr-only">
        {t("bell.label")}
        {hasUnread ? `, ${t("bell.unread", { count: unreadCount })}` : ""}
      </span>
      {hasUnread && (
        <span aria-hidden data-testid="notifications-dot" className="absolute end-2 top-2 size-2.5 rounded-full bg-red-600 ring-2 ring-white dark:ring-zinc-900" />
      )}
    </button>
  );
}

interface PanelProps {
  id: string;
  view: DropdownView;
  setView: (view: DropdownView) => void;
  marking: boolean;
  setMarking: (marking: boolean) => void;
  close: () => void;
}

/** The open panel: its title and mark-all, the tabs, the chosen view's first items and the link to the page. */
function BellPanel({ id, view, setView, marking, setMarking, close }: PanelProps) {
  const t = useTranslations("notifications");
  const { state, liveDown } = useNotifications();
  return (
    <div
      id={`${id}-panel`}
      role="region"
      aria-labelledby={`${id}-title`}
      data-testid="notifications-panel"
      className="fixed inset-x-3 top-16 z-50 flex max-h-[calc(100dvh-5rem)] flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xl shadow-zinc-900/10 sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:w-96 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/40"
    >
      <div className="flex items-center justify-between gap-2 px-4 pt-4">
        <h2 id={`${id}-title`} className="text-base font-bold">{t("bell.label")}</h2>
        <MarkAllButton view={view} marking={marking} setMarking={setMarking} />
      </div>
      {liveDown && <p className="px-4 pt-1 text-xs text-amber-800 dark:text-amber-300">{t("live.reconnecting")}</p>}

      <BellTabs id={id} view={view} setView={setView} />

      <div id={`${id}-list`} role="tabpanel" aria-labelledby={`${id}-tab-${view}`} aria-busy={state.loading} className="mt-2 min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        <BellItems view={view} close={close} />
      </div>

      <div className="border-t border-zinc-200 p-2 dark:border-zinc-800">
        <Link
          href="/dashboard/notifications"
          onClick={close}
          className="flex h-10 items-center justify-center rounded-xl text-sm font-semibold text-zinc-700 transition hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          {t("viewAll")}
        </Link>
      </div>
    </div>
  );
}

/** The mark-all button (spec §4): each unread one of the view separately, then the list again. */
function MarkAllButton({ view, marking, setMarking }: { view: DropdownView; marking: boolean; setMarking: (marking: boolean) => void }) {
  const t = useTranslations("notifications");
  const { state, markEachRead } = useNotifications();
  const markAllOff = marking || !(state.unreadCount > 0);
  return (
    // aria-disabled, not disabled: a keyboard user who pressed it keeps the focus on it while it runs and after.
    <button
      type="button"
      aria-disabled={markAllOff || undefined}
      onClick={async () => {
        if (markAllOff) return;
        setMarking(true);
        await markEachRead(view);
        setMarking(false);
      }}
      data-testid="notifications-mark-all"
      className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-brand-700 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 aria-disabled:cursor-not-allowed aria-disabled:text-zinc-500 aria-disabled:hover:bg-transparent dark:text-brand-400 dark:hover:bg-brand-500/10 dark:aria-disabled:text-zinc-400"
    >
      <CheckCheck className="size-4" aria-hidden />
      {marking ? t("marking") : t("markAll")}
    </button>
  );
}

/** The "All" / "Unread" tabs; arrow keys (mirrored right to left), Home and End move between them. */
function BellTabs({ id, view, setView }: { id: string; view: DropdownView; setView: (view: DropdownView) => void }) {
  const t = useTranslations("notifications");
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const dir = document.documentElement.dir === "rtl" ? -1 : 1;
    let next: number | null = null;
    if (event.key === "ArrowRight") next = index + dir;
    else if (event.key === "ArrowLeft") next = index - dir;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = VIEWS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const target = (next + VIEWS.length) % VIEWS.length;
    setView(VIEWS[target]!);
    tabs.current[target]?.focus();
  };

  return (
    <div role="tablist" aria-label={t("bell.label")} className="mx-4 mt-3 grid grid-cols-2 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800">
      {VIEWS.map((v, index) => (
        <button
          key={v}
          ref={(el) => {
            tabs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`${id}-tab-${v}`}
          aria-selected={view === v}
          aria-controls={`${id}-list`}
          tabIndex={view === v ? 0 : -1}
          onClick={() => setView(v)}
          onKeyDown={(event) => onTabKey(event, index)}
          className={`h-9 rounded-lg text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-brand-500 ${view === v ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-900 dark:text-zinc-100" : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"}`}
        >
          {t(`tabs.${v}`)}
        </button>
      ))}
    </div>
  );
}

/** Marks a chosen notification read (a failure is only logged) and follows its link, closing the panel. */
function useChoose(close: () => void) {
  const t = useTranslations("notifications");
  const { markRead, open: openLink } = useNotifications();
  return async (notification: AppNotification) => {
    if (!notification.isRead) {
      try {
        await markRead(notification.id);
      } catch (error) {
        console.warn(t("errors.markRead"), error instanceof Error ? error.message : error);
      }
    }
    if (notification.link) {
      close();
      openLink(notification);
    }
  };
}

/** The tab panel's content: the spinner, the error, the empty text or the view's first 6 items. */
function BellItems({ view, close }: { view: DropdownView; close: () => void }) {
  const t = useTranslations("notifications");
  const { state } = useNotifications();
  const choose = useChoose(close);
  const items = (view === "unread" ? state.notifications.filter((n) => !n.isRead) : state.notifications).slice(0, DROPDOWN_ITEMS);

  if (state.loading) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-zinc-600 dark:text-zinc-400" data-testid="notifications-loading">
        <span aria-hidden className="size-6 animate-spin rounded-full border-3 border-zinc-200 border-t-brand-600 dark:border-zinc-700 dark:border-t-brand-500" />
        {t("loading")}
      </div>
    );
  }
  if (state.error && items.length === 0) return <p role="alert" className="px-3 py-8 text-center text-sm text-red-700 dark:text-red-400">{state.error}</p>;
  if (items.length === 0) {
    return (
      <p className="px-3 py-10 text-center text-sm text-zinc-600 dark:text-zinc-400" data-testid="notifications-empty">
        {view === "unread" ? t("noUnread") : t("empty")}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-0.5" data-testid="notifications-list">
      {items.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            onClick={() => void choose(n)}
            data-testid="notification-item"
            data-read={n.isRead}
            className={`flex w-full items-start gap-2 rounded-xl p-2.5 text-start transition hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800 ${n.isRead ? "" : "bg-brand-50/60 dark:bg-brand-500/5"}`}
          >
            <NotificationBody notification={n} />
            {n.link && <ChevronRight className="mt-2.5 size-4 shrink-0 text-zinc-500 rtl:rotate-180" aria-hidden data-testid="notification-link-mark" />}
          </button>
        </li>
      ))}
    </ul>
  );
}
