"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "react-toastify";
import { toastTheme } from "@/components/notifications/NotificationsProvider";
import { useApi } from "@/components/providers/use-api";
import { getPathname } from "@/i18n/navigation";
import { locales, type Locale } from "@/i18n/routing";
import { isApiError } from "@/lib/api-client";
import { STORAGE_KEYS } from "@/lib/site";
import { localeCookie } from "@/lib/locale-cookie";
import { applyAccountTheme, type AccountTheme } from "./account-theme";
import type { ProfileUser } from "./ProfileManagement";
import { updateSelf } from "./profile-api";
import { Section } from "./Section";

const THEMES: ReadonlyArray<{ value: AccountTheme; Icon: typeof Sun }> = [
  { value: "system", Icon: Monitor },
  { value: "light", Icon: Sun },
  { value: "dark", Icon: Moon },
];

const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", ar: "العربية" };

const option =
  "flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border px-3.5 text-sm font-semibold transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60";
const chosen = "border-brand-500 bg-brand-50 text-brand-700 dark:border-brand-400 dark:bg-brand-500/15 dark:text-brand-100";
const notChosen = "border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";

/**
 * Remembers the language in this browser as the top bar's switch does: without the cookie, the unprefixed English
 * address would be sent back to /ar by the locale middleware.
 */
function rememberLanguage(locale: Locale): void {
  document.cookie = localeCookie(locale);
  try {
    localStorage.setItem(STORAGE_KEYS.language, locale);
  } catch {
    // not fatal: the cookie remembers the language
  }
}

/**
 * Language (users.locale through POST /api/Authentication/Locale, then the page in that language) and theme
 * (users.theme through UpdateSelf, applied at once and on the user's other devices at their next dashboard page).
 */
export function PreferencesSection({ user, onUser }: { user: ProfileUser; onUser: (user: ProfileUser) => void }) {
  const t = useTranslations("profile.preferences");
  const locale = useLocale() as Locale;
  const api = useApi();
  const [busy, setBusy] = useState(false);

  const chooseLanguage = async (next: Locale) => {
    if (next === locale) return;
    setBusy(true);
    try {
      await api("/api/Authentication/Locale", { method: "POST", body: { locale: next } });
      rememberLanguage(next);
      window.location.assign(getPathname({ href: "/dashboard/profile-management", locale: next }) + "#preferences");
    } catch (error) {
      setBusy(false);
      toast.error(isApiError(error) && error.message ? error.message : t("failed"), { theme: toastTheme() });
    }
  };

  const chooseTheme = async (theme: AccountTheme) => {
    if (theme === user.theme) return;
    const before = user;
    onUser({ ...user, theme });
    applyAccountTheme(user.id, theme);
    setBusy(true);
    try {
      onUser(await updateSelf(api, { theme }));
      toast.success(t("saved"), { theme: toastTheme() });
    } catch (error) {
      onUser(before);
      applyAccountTheme(before.id, before.theme);
      toast.error(isApiError(error) && error.message ? error.message : t("failed"), { theme: toastTheme() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="preferences" title={t("heading")} intro={t("intro")}>
      <div className="grid gap-6 md:grid-cols-2">
        <fieldset>
          <legend className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("language")}</legend>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{t("languageHint")}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {locales.map((value) => (
              <label key={value} className={`${option} ${value === locale ? chosen : notChosen}`}>
                <input
                  type="radio"
                  name="profile-language"
                  value={value}
                  checked={value === locale}
                  disabled={busy}
                  onChange={() => void chooseLanguage(value)}
                  className="size-4 accent-brand-600"
                  data-testid={`profile-language-${value}`}
                />
                <span lang={value}>{LANGUAGE_NAMES[value]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("theme")}</legend>
          <div className="mt-3 flex flex-wrap gap-2">
            {THEMES.map(({ value, Icon }) => (
              <label key={value} className={`${option} ${value === user.theme ? chosen : notChosen}`}>
                <input
                  type="radio"
                  name="profile-theme"
                  value={value}
                  checked={value === user.theme}
                  disabled={busy}
                  onChange={() => void chooseTheme(value)}
                  className="size-4 accent-brand-600"
                  data-testid={`profile-theme-${value}`}
                />
                <Icon className="size-4" aria-hidden />
                {t(`themes.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </Section>
  );
}
