import { defineRouting } from "next-intl/routing";

export const locales = ["en", "ar"] as const;
export type Locale = (typeof locales)[number];

/** The spec keeps the language under i18nextLng; the cookie lets the server remember it too. */
export const LOCALE_COOKIE = { name: "NEXT_LOCALE", maxAge: 60 * 60 * 24 * 365 };

export const routing = defineRouting({
  locales,
  defaultLocale: "en",
  localePrefix: "as-needed",
  localeCookie: LOCALE_COOKIE,
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): "rtl" | "ltr" {
  return locale === "ar" ? "rtl" : "ltr";
}
