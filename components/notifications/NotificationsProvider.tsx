"use client";

import { useLocale, useTranslations } from "next-intl";
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from "react";
import { toast } from "react-toastify";
import { refreshSessionToken, useApi } from "@/components/providers/use-api";
import { useAuth } from "@/components/providers/use-auth";
import { useRouter } from "@/i18n/client";
import { stripLocale } from "@/i18n/paths";
import { createLiveConnection, tokenClaims } from "./live-connection";
import { liveDownAfter, markEachUnread, needsFreshToken } from "./notification-actions";
import { messageLanguage, toneOf, type AppNotification } from "./notification-model";
import { initialNotificationState, notificationReducer, type NotificationAction, type NotificationState } from "./notification-state";
import { fetchErrorOf, notificationsApi, type NotificationsApi } from "./notifications-api";
import { socketUrl } from "./reconnect";

/** What changed, for the notifications page's own list (it keeps a reducer of its own). */
export type NotificationEvent =
  | { kind: "received"; notification: AppNotification }
  | { kind: "read"; id: number }
  | { kind: "allRead" }
  | { kind: "removed"; id: number };

export type DropdownView = "all" | "unread";

interface NotificationsContextValue {
  /** The session\'s access token is there: calls made now are authenticated (none is sent before it, to no 401). */
  ready: boolean;
  /** The bell's state: page 1, the unread count, the connection. */
  state: NotificationState;
  /** True after the live connection closed until it opens again (shown to the user). */
  liveDown: boolean;
  calls: NotificationsApi;
  /** Loads the dropdown's view (first page; the dropdown shows 6). */
  loadDropdown(view: DropdownView): Promise<void>;
  markRead(id: number): Promise<void>;
  /** The dropdown's mark-all (spec §4): each unread one separately, then the list again. Failures are only logged. */
  markEachRead(view: DropdownView): Promise<void>;
  /** The page's mark-all: one MarkAllNotificationsAsRead call. */
  markAllRead(): Promise<void>;
  remove(id: number, wasUnread: boolean): Promise<void>;
  /** Opens a notification's link (a site path) in the current language. */
  open(notification: AppNotification): void;
  subscribe(listener: (event: NotificationEvent) => void): () => void;
  /** The spec §8 text of a failed list call in the reader's language. */
  fetchErrorText(error: unknown): string;
}

const Context = createContext<NotificationsContextValue | null>(null);

export function useNotifications(): NotificationsContextValue {
  const value = useContext(Context);
  if (!value) throw new Error("useNotifications outside NotificationsProvider");
  return value;
}

/** Listens to the shared notification events while mounted. */
export function useNotificationEvents(listener: (event: NotificationEvent) => void): void {
  const { subscribe } = useNotifications();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribe((event) => latest.current(event)), [subscribe]);
}

/** Toasts in the page's light or dark look: body text at AA contrast (the coloured theme's white on green or yellow is not). */
const toastTheme = (): "light" | "dark" => (document.documentElement.classList.contains("dark") ? "dark" : "light");

const TOAST_TYPES = { info: "info", success: "success", warning: "warning", error: "error", other: "default" } as const;

type Texts = ReturnType<typeof useTranslations<"notifications">>;
type Dispatch = (action: NotificationAction) => void;
type Emit = (action: NotificationAction, event: NotificationEvent) => void;

/**
 * The dashboard's notifications (spec §3, §4): the bell's state, the live connection (opened when the dashboard opens,
 * only with an access token, closed normally when it is left), a toast for each live notification, and the calls that
 * change notifications, which keep the bell's unread count and the notifications page in step.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { accessToken } = useAuth();
  const t = useTranslations("notifications");
  const router = useRouter();
  const calls = useMemo(() => notificationsApi(api), [api]);
  const [state, dispatch] = useReducer(notificationReducer, initialNotificationState);
  const { emit, subscribe } = useListeners(dispatch);

  const open = useCallback(
    (notification: AppNotification) => {
      if (notification.link) router.push(stripLocale(notification.link));
    },
    [router],
  );

  const liveDown = useLiveConnection(accessToken, t, open, emit, dispatch);
  useAccountLocale(accessToken, calls);
  useFirstUnreadCount(Boolean(accessToken), calls, dispatch);

  const fetchErrorText = useCallback(
    (error: unknown) => {
      const e = fetchErrorOf(error);
      if (e.key === "http") return t("errors.http", { code: e.code });
      if (e.key === "server") return e.message;
      return t(`errors.${e.key}`);
    },
    [t],
  );

  const actions = useNotificationActions(calls, state, dispatch, emit, fetchErrorText);

  const value = useMemo<NotificationsContextValue>(
    () => ({ state, liveDown, ready: Boolean(accessToken), calls, ...actions, open, subscribe, fetchErrorText }),
    [state, liveDown, accessToken, calls, actions, open, subscribe, fetchErrorText],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The listeners of useNotificationEvents: `emit` applies an action to the bell's state and tells each of them. */
function useListeners(dispatch: Dispatch) {
  const listeners = useRef(new Set<(event: NotificationEvent) => void>());

  const emit = useCallback(
    (action: NotificationAction, event: NotificationEvent) => {
      dispatch(action);
      for (const listener of listeners.current) listener(event);
    },
    [dispatch],
  );

  const subscribe = useCallback((listener: (event: NotificationEvent) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  return { emit, subscribe };
}

/** A live notification's toast in its type's look; a click opens its link. */
function toastNotification(notification: AppNotification, tr: Texts, go: (notification: AppNotification) => void) {
  const tone = toneOf(notification.type);
  toast(
    // The toast's own icon shows the type (one marker, not two); the name is there for screen readers. The message
    // takes its own direction, as in the dropdown and the page (an English text on an Arabic page reads left to right).
    <span className="block min-w-0" data-testid="notification-toast">
      <span className="sr-only">{tr(`types.${tone}`)}: </span>
      <span {...messageLanguage(notification)} className="line-clamp-3 break-words">{notification.message}</span>
      {notification.link && <span className="mt-1 block text-sm font-semibold underline underline-offset-2">{tr("page.open")}</span>}
    </span>,
    {
      type: TOAST_TYPES[tone],
      theme: toastTheme(),
      onClick: notification.link ? () => go(notification) : undefined,
    },
  );
}

/**
 * The live connection while signed in, with a toast for each live notification; answers whether it is down (shown to
 * the user). It reads the latest token, translations and router through refs, so it is made once per sign-in.
 */
function useLiveConnection(accessToken: string | null, t: Texts, open: (notification: AppNotification) => void, emit: Emit, dispatch: Dispatch): boolean {
  const [liveDown, setLiveDown] = useState(false);
  const token = useRef(accessToken);
  const latest = useRef({ t, open });
  useEffect(() => {
    token.current = accessToken;
    latest.current = { t, open };
  });
  const signedIn = Boolean(accessToken);

  useEffect(() => {
    if (!signedIn) return;
    const connection = createLiveConnection({
      getToken: async ({ fresh }) => {
        const current = token.current;
        // An expired token would be refused (and one expiring closes the socket with 1008): take a fresh one first. After
        // a close by policy the session may have ended (sign-out elsewhere, deletion, ban): the refresh then answers null.
        if (current && needsFreshToken(current, fresh)) return refreshSessionToken();
        return current;
      },
      urlFor: (value) => socketUrl(window.location, value),
      onStatus: (status) => {
        dispatch({ type: "connection", status });
        const down = liveDownAfter(status);
        if (down !== null) setLiveDown(down);
      },
      onNotification: (notification) => {
        emit({ type: "received", notification }, { kind: "received", notification });
        toastNotification(notification, latest.current.t, latest.current.open);
      },
    });
    connection.start();
    return () => connection.stop();
  }, [signedIn, emit, dispatch]);

  return liveDown;
}

/**
 * The language the user reads in is kept on the account, so what is written for them later (notifications, mail)
 * is in it: sent once per user, language and browser (a language switch sends it again).
 */
function useAccountLocale(accessToken: string | null, calls: NotificationsApi) {
  const locale = useLocale();
  useEffect(() => {
    const userId = accessToken ? tokenClaims(accessToken)?.sub : undefined;
    if (typeof userId !== "string") return;
    const KEY = "manga.accountLocale";
    const mark = `${userId}:${locale}`;
    try {
      if (localStorage.getItem(KEY) === mark) return;
    } catch {
      // no storage: send it (the call is idempotent)
    }
    calls
      .saveLocale(locale)
      .then(() => {
        try {
          localStorage.setItem(KEY, mark);
        } catch {
          // not fatal
        }
      })
      .catch(() => undefined);
  }, [accessToken, locale, calls]);
}

/** The red dot is right from the start: the unread count when the dashboard opens. */
function useFirstUnreadCount(signedIn: boolean, calls: NotificationsApi, dispatch: Dispatch) {
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    calls
      .unreadCount()
      .then((count) => live && dispatch({ type: "unreadCount", count }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Once per sign-in, not per token rotation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);
}

/** The calls that change notifications, each applied to the bell's state and told to the listeners. */
function useNotificationActions(calls: NotificationsApi, state: NotificationState, dispatch: Dispatch, emit: Emit, fetchErrorText: (error: unknown) => string) {
  const loadDropdown = useCallback(
    async (view: DropdownView) => {
      dispatch({ type: "fetchStarted" });
      try {
        const [page, count] = await Promise.all([
          calls.list({ page: 1, isRead: view === "unread" ? false : undefined }),
          calls.unreadCount().catch(() => undefined),
        ]);
        dispatch({ type: "fetched", items: page.items, pagination: page.pagination, unreadCount: count });
      } catch (error) {
        dispatch({ type: "failed", error: fetchErrorText(error) });
      }
    },
    [calls, dispatch, fetchErrorText],
  );

  const markRead = useCallback(
    async (id: number) => {
      await calls.markRead(id);
      emit({ type: "markedRead", id }, { kind: "read", id });
    },
    [calls, emit],
  );

  const markEachRead = useCallback(
    async (view: DropdownView) => {
      try {
        await markEachUnread((query) => calls.list(query), markRead);
      } catch (error) {
        // Spec §8: the dropdown's mark-all failure is only logged.
        console.warn("Marking all notifications as read failed:", error instanceof Error ? error.message : error);
      }
      await loadDropdown(view);
    },
    [calls, markRead, loadDropdown],
  );

  const markAllRead = useCallback(async () => {
    await calls.markAllRead();
    emit({ type: "markedAllRead" }, { kind: "allRead" });
  }, [calls, emit]);

  const remove = useCallback(
    async (id: number, wasUnread: boolean) => {
      await calls.remove(id);
      // The bell's list may not hold it: its count still drops when the deleted one was unread.
      if (wasUnread && !state.notifications.some((n) => n.id === id)) dispatch({ type: "unreadCount", count: state.unreadCount - 1 });
      emit({ type: "removed", id }, { kind: "removed", id });
    },
    [calls, dispatch, emit, state.notifications, state.unreadCount],
  );

  return useMemo(() => ({ loadDropdown, markRead, markEachRead, markAllRead, remove }), [loadDropdown, markRead, markEachRead, markAllRead, remove]);
}
