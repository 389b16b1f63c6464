import type { Locale } from "@/i18n/routing";
import { env } from "@/server/env";

/**
 * Links in mails, always from the configured SITE_URL (never the request's Host, DESIGN §4); Arabic
 * pages live under /ar (next-intl "as-needed").
 */
export function siteLink(locale: Locale, path: string, query?: Record<string, string>): string {
  const prefix = locale === "ar" ? "/ar" : "";
  const url = new URL(`${env.siteUrl}${prefix}${path}`);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** The verification link; `next` (a return path, lib/return-path.ts) is where the login after it goes. */
export const verifyEmailLink = (locale: Locale, token: string, next?: string) => siteLink(locale, "/auth/verify-email", next ? { token, next } : { token });
export const confirmEmailChangeLink = (locale: Locale, token: string) => siteLink(locale, "/auth/confirm-email-change", { token });
export const resetPasswordLink = (locale: Locale, token: string) => siteLink(locale, "/auth/reset-password", { token });
