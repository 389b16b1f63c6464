"use client";

import { useTranslations } from "next-intl";
import { useApiMutation, useApiQuery } from "@/components/providers/api-query";
import { CheckboxField, Switch } from "@/components/ui/fields";
import { notifyError, notifySuccess } from "@/components/ui/toast";
import { useLocale } from "@/i18n/client";
import { getQueryClient } from "@/lib/query-client";
import { useNotifications } from "./NotificationsProvider";

/** The switches of GET/PUT /api/Notification/Preferences (server/notifications/preferences.ts). */
type Key =
  | "reviewInApp" | "reviewEmail" | "newChapterInApp" | "submissionsInApp" | "submissionsEmail" | "announcementsEmail" | "followedWriterInApp" | "followedWriterEmail" | "digest";
type Preferences = Record<Key, boolean>;

const PATH = "/api/Notification/Preferences";
const KEY = ["notification-preferences"] as const;

/** Each event kind's row: its in-app and e-mail switches; null where it cannot be switched (shown as always / not sent). */
const ROWS: ReadonlyArray<{ kind: "review" | "newChapter" | "followedWriter" | "submissions" | "announcements"; inApp: Key | "always"; email: Key | null; rootOnly?: boolean }> = [
  { kind: "review", inApp: "reviewInApp", email: "reviewEmail" },
  { kind: "newChapter", inApp: "newChapterInApp", email: null },
  { kind: "followedWriter", inApp: "followedWriterInApp", email: "followedWriterEmail" },
  { kind: "submissions", inApp: "submissionsInApp", email: "submissionsEmail", rootOnly: true },
  { kind: "announcements", inApp: "always", email: "announcementsEmail" },
];

/**
 * The notifications page's preferences (issue 14, beyond the spec): per event kind in-app and e-mail, and the daily
 * e-mail digest of unread notifications. Each switch is saved when changed (PUT, shown at once), with a toast; a
 * failure puts it back.
 */
export function NotificationPreferences({ isRoot }: { isRoot: boolean }) {
  const t = useTranslations("notifications.preferences");
  const { prefs, failed, change, saving } = usePreferences();
  const off = !prefs || saving;

  const box = (id: string, key: Key, label: string) => (
    <CheckboxField id={id} label={<span className="sr-only">{label}</span>} checked={prefs?.[key] ?? false} disabled={off} onChange={(e) => change(key, e.target.checked)} className="inline-flex" />
  );

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
                      <td className="px-3 py-2.5 text-center">
                        {row.inApp === "always" ? (
                          <CheckboxField id={`pref-${row.kind}-in-app`} label={<span className="sr-only">{`${name}: ${t("inApp")} (${t("always")})`}</span>} checked disabled readOnly title={t("always")} className="inline-flex" />
                        ) : (
                          box(`pref-${row.kind}-in-app`, row.inApp, `${name}: ${t("inApp")}`)
                        )}
                      </td>
                      <td className="px-3 py-2.5 text-center">
                        {row.email ? box(`pref-${row.kind}-email`, row.email, `${name}: ${t("email")}`) : <span className="text-zinc-500" title={t("digestOnly")}><span aria-hidden>—</span><span className="sr-only">{t("digestOnly")}</span></span>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{t("note")}</p>
          <div className="mt-5">
            <Switch id="pref-digest" label={t("digest")} hint={t("digestHint")} checked={prefs?.digest ?? false} disabled={off} onChange={(next) => change("digest", next)} />
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The preferences, read once the session's access token is there (on a full page load it arrives a moment after the
 * first render, and a call sent before it would be a 401), and each change written at once: shown before the server
 * answers, put back if it refuses.
 */
function usePreferences() {
  const t = useTranslations("notifications.preferences");
  const locale = useLocale();
  const { ready } = useNotifications();
  const query = useApiQuery<Preferences>(KEY, PATH, { enabled: ready });
  const client = getQueryClient();
  const cached = [...KEY, locale];
  const save = useApiMutation((api, change: Partial<Preferences>) => api<Preferences>(PATH, { method: "PUT", body: change }), {
    optimistic: async (change) => {
      await client.cancelQueries({ queryKey: cached });
      const before = client.getQueryData<Preferences>(cached);
      if (before) client.setQueryData<Preferences>(cached, { ...before, ...change });
      return before;
    },
    rollback: (before) => client.setQueryData(cached, before),
    onSuccess: (saved) => {
      client.setQueryData(cached, saved);
      notifySuccess(t("saved"));
    },
    onError: (error) => notifyError(error, t("failed")),
  });
  return {
    prefs: query.data,
    failed: query.isError && !query.data,
    saving: save.isPending,
    change: (key: Key, value: boolean) => save.mutate({ [key]: value }),
  };
}
