"use client";

import { AlertTriangle, Bell, CheckCircle2, Info, XCircle } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { messageLanguage, relativeTime, toneOf, TONE_CLASSES, type AppNotification, type TypeTone } from "./notification-model";

const ICONS: Record<TypeTone, typeof Info> = { info: Info, success: CheckCircle2, warning: AlertTriangle, error: XCircle, other: Bell };

/** The type's coloured icon (spec §2: 1 blue, 2 green, 3 yellow, 4 red, other grey) with its name for screen readers. */
export function TypeIcon({ type, size = "size-9" }: { type: number; size?: string }) {
  const t = useTranslations("notifications");
  const tone = toneOf(type);
  const Icon = ICONS[tone];
  return (
    <span className={`grid ${size} shrink-0 place-items-center rounded-full ${TONE_CLASSES[tone].soft}`} data-tone={tone}>
      <Icon className="size-4.5" aria-hidden />
      <span className="sr-only">{t(`types.${tone}`)}</span>
    </span>
  );
}

/** One minute clock shared by every relative time on the page; none on the server. */
let clockNow = 0;
let clockTimer: ReturnType<typeof setInterval> | undefined;
const clockListeners = new Set<() => void>();
function subscribeClock(listener: () => void) {
  clockListeners.add(listener);
  clockTimer ??= setInterval(() => {
    clockNow = Date.now();
    for (const l of clockListeners) l();
  }, 60_000);
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0 && clockTimer) {
      clearInterval(clockTimer);
      clockTimer = undefined;
      clockNow = 0;
    }
  };
}
const readClock = () => (clockNow ||= Date.now());

/** "3 minutes ago", refreshed every minute; the exact time as a tooltip. */
export function RelativeTime({ iso }: { iso: string }) {
  const locale = useLocale();
  const now = useSyncExternalStore(subscribeClock, readClock, () => null);
  const date = new Date(iso);
  const exact = Number.isNaN(date.getTime()) ? "" : date.toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
  // The server renders the exact time; the browser (its own clock and zone) the relative one.
  return (
    <time dateTime={iso} title={exact} suppressHydrationWarning>
      {now === null ? exact : relativeTime(iso, locale, now)}
    </time>
  );
}

/** The message, its time and an unread marker: the shared body of a dropdown row, a page row and the composer preview. */
export function NotificationBody({ notification, clamp = true }: { notification: AppNotification; clamp?: boolean }) {
  const t = useTranslations("notifications");
  return (
    <span className="flex min-w-0 flex-1 items-start gap-3">
      <TypeIcon type={notification.type} />
      <span className="min-w-0 flex-1">
        <span {...messageLanguage(notification)} className={`break-words text-sm leading-5 ${clamp ? "line-clamp-3" : "block"} ${notification.isRead ? "text-zinc-600 dark:text-zinc-400" : "font-semibold text-zinc-900 dark:text-zinc-100"}`} data-testid="notification-message">
          {notification.message}
        </span>
        <span className="mt-1 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <RelativeTime iso={notification.createdAt} />
          {!notification.isRead && (
            <span className="inline-flex items-center gap-1 font-semibold text-brand-700 dark:text-brand-400">
              <span aria-hidden className="size-1.5 rounded-full bg-brand-600 dark:bg-brand-400" />
              {t("unreadLabel")}
            </span>
          )}
        </span>
      </span>
    </span>
  );
}
