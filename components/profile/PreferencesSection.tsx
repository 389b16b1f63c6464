"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useApiMutation } from "@/components/providers/api-query";
import { RadioPills } from "@/components/ui/fields";
import { notifyError, notifySuccess } from "@/components/ui/toast";
import { getPathname } from "@/i18n/navigation";
import { locales, type Locale } from "@/i18n/routing";
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
  const saveLanguage = useApiMutation((api, next: Locale) => api("/api/Authentication/Locale", { method: "POST", body: { locale: next } }), {
    onSuccess: (_, next) => {
      rememberLanguage(next);
      window.location.assign(getPathname({ href: "/dashboard/profile-management", locale: next }) + "#preferences");
    },
    onError: (error) => notifyError(error, t("failed")),
  });
  // The theme applies at once and is undone if the server refuses it.
  const saveTheme = useApiMutation((api, theme: AccountTheme) => updateSelf(api, { theme }), {
    optimistic: (theme) => {
      onUser({ ...user, theme });
      applyAccountTheme(user.id, theme);
      return user;
    },
    rollback: (before) => {
      onUser(before);
      applyAccountTheme(before.id, before.theme);
    },
    onSuccess: (saved) => {
      onUser(saved);
      notifySuccess(t("saved"));
    },
    onError: (error) => notifyError(error, t("failed")),
  });
  // The language's page is loading while the mutation is "successful": the choices stay disabled until it has.
  const busy = saveLanguage.isPending || saveLanguage.isSuccess || saveTheme.isPending;

  return (
    <Section id="preferences" title={t("heading")} intro={t("intro")}>
      <div className="grid gap-6 md:grid-cols-2">
        <RadioPills
          name="profile-language"
          legend={t("language")}
          hint={t("languageHint")}
          value={locale}
          disabled={busy}
          onChange={(next) => next !== locale && saveLanguage.mutate(next)}
          options={locales.map((value) => ({ value, label: LANGUAGE_NAMES[value], lang: value, testId: `profile-language-${value}` }))}
        />
        <RadioPills
          name="profile-theme"
          legend={t("theme")}
          value={user.theme}
          disabled={busy}
          onChange={(theme) => theme !== user.theme && saveTheme.mutate(theme)}
          options={THEMES.map(({ value, Icon }) => ({ value, label: t(`themes.${value}`), icon: <Icon aria-hidden />, testId: `profile-theme-${value}` }))}
        />
      </div>
    </Section>
  );
}
