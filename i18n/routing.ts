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
  // No `Link: …; rel="alternate"; hreflang` header: it is built from the request's own origin, which for a page the
  // page cache keeps is the loopback address its warm-up used (ADR 019). Every page's head has the alternates, with
  // the site's origin (lib/seo.ts alternatesFor), and so does the sitemap.
  alternateLinks: false,
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): "rtl" | "ltr" {
  return locale === "ar" ? "rtl" : "ltr";
}
