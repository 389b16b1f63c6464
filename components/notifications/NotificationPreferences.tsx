"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import { useApi } from "@/components/providers/use-api";
import { isApiError } from "@/lib/api-client";
import { toastTheme, useNotifications } from "./NotificationsProvider";

/** The switches of GET/PUT /api/Notification/Preferences (server/notifications/preferences.ts). */
type Key = "reviewInApp" | "reviewEmail" | "newChapterInApp" | "submissionsInApp" | "submissionsEmail" | "announcementsEmail" | "digest";
type Preferences = Record<Key, boolean>;

const PATH = "/api/Notification/Preferences";

/** Each event kind's row: its in-app and e-mail switches; null where it cannot be switched (shown as always / not sent). */
const ROWS: ReadonlyArray<{ kind: "review" | "newChapter" | "submissions" | "announcements"; inApp: Key | "always"; email: Key | null; rootOnly?: boolean }> = [
  { kind: "review", inApp: "reviewInApp", email: "reviewEmail" },
  { kind: "newChapter", inApp: "newChapterInApp", email: null },
  { kind: "submissions", inApp: "submissionsInApp", email: "submissionsEmail", rootOnly: true },
  { kind: "announcements", inApp: "always", email: "announcementsEmail" },
];

const box = "size-4 accent-brand-600 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * The notifications page's preferences (issue 14, beyond the spec): per event kind in-app and e-mail, and the daily
 * e-mail digest of unread notifications. Each switch is saved when changed (PUT), with a toast; a failure puts it back.
 */
export function NotificationPreferences({ isRoot }: { isRoot: boolean }) {
  const t = useTranslations("notifications.preferences");
  const api = useApi();
  const { ready } = useNotifications();
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<Key | null>(null);
  // The latest bound client (it changes with each token rotation) without reloading the switches each time.
  const latestApi = useRef(api);
  useEffect(() => {
    latestApi.current = api;
  });

  // Loaded once the session's access token is there: on a full page load it arrives a moment after the first render,
  // and a call sent before it is a 401 that left the section on "could not be loaded".
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    latestApi
      .current<Preferences>(PATH, { signal: controller.signal })
      .then((loaded) => {
        setFailed(false);
        setPrefs(loaded);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [ready]);

  const change = async (key: Key, value: boolean) => {
    if (!prefs) return;
    const before = prefs;
    setPrefs({ ...prefs, [key]: value });
    setSaving(key);
    try {
      setPrefs(await api<Preferences>(PATH, { method: "PUT", body: { [key]: value } }));
      toast.success(t("saved"), { theme: toastTheme() });
    } catch (error) {
      setPrefs(before);
      toast.error(isApiError(error) && error.message ? error.message : t("failed"), { theme: toastTheme() });
    } finally {
      setSaving(null);
    }
  };

  const toggle = (key: Key, label: string) => (
    <input type="checkbox" className={box} aria-label={label} checked={prefs?.[key] ?? false} disabled={!prefs || saving !== null} onChange={(e) => void change(key, e.target.checked)} />
  );
  const cell = "px-3 py-2.5 text-center";

  return (
    <section aria-labelledby="notification-preferences-heading" className="mx-auto mt-8 max-w-4xl rounded-3xl border border-zinc-200 bg-white p-5 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900" data-testid="notification-preferences">
      <h2 id="notification-preferences-heading" className="text-xl font-bold tracking-tight">{t("heading")}</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      {failed ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">{t("loadFailed")}</p>
      ) : (
        <>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-zinc-200 dark:border-zinc-800">
                  <th scope="col" className="px-3 py-2 text-start font-semibold">{t("event")}</th>
                  <th scope="col" className="px-3 py-2 text-center font-semibold">{t("inApp")}</th>
                  <th scope="col" className="px-3 py-2 text-center font-semibold">{t("email")}</th>
                </tr>
              </thead>
              <tbody>
                {ROWS.filter((row) => isRoot || !row.rootOnly).map((row) => {
                  const name = t(`kinds.${row.kind}`);
                  return (
                    <tr key={row.kind} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                      <th scope="row" className="px-3 py-2.5 text-start font-normal">{name}</th>
                      <td className={cell}>
                        {row.inApp === "always" ? <input type="checkbox" className={box} checked disabled aria-label={`${name}: ${t("inApp")} (${t("always")})`} title={t("always")} /> : toggle(row.inApp, `${name}: ${t("inApp")}`)}
                      </td>
                      <td className={cell}>{row.email ? toggle(row.email, `${name}: ${t("email")}`) : <span className="text-zinc-500" title={t("digestOnly")}><span aria-hidden>—</span><span className="sr-only">{t("digestOnly")}</span></span>}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{t("note")}</p>
          <label className="mt-5 flex items-start gap-3">
            <input type="checkbox" role="switch" className={`${box} mt-0.5`} checked={prefs?.digest ?? false} disabled={!prefs || saving !== null} onChange={(e) => void change("digest", e.target.checked)} />
            <span>
              <span className="block text-sm font-semibold">{t("digest")}</span>
              <span className="block text-sm text-zinc-600 dark:text-zinc-400">{t("digestHint")}</span>
            </span>
          </label>
        </>
      )}
    </section>
  );
}
