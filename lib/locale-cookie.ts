/**
 * The NEXT_LOCALE cookie as the browser writes it when the visitor switches language (the proxy writes the same one
 * through next-intl). Secure when the page is served over https, as it is when SITE_URL is (issue 19, item 7; the
 * server side takes SITE_URL itself, the page knows only its own address).
 */
export function localeCookie(locale: string, protocol: string = window.location.protocol): string {
  return `NEXT_LOCALE=${locale}; path=/; max-age=31536000; samesite=lax${protocol === "https:" ? "; secure" : ""}`;
}
