import { isLocale, locales, routing } from "./routing";

/** A path of this site: "/discovery?page=2", or a pathname with its query. */
export type Href = string | { pathname: string; query?: Readonly<Record<string, string | number | boolean | readonly (string | number)[] | undefined>> };

/**
 * The address of `href` in `locale`: English paths have no prefix and Arabic ones start with /ar (next-intl's
 * "as-needed" prefix, i18n/routing.ts). Anything that is not a site path ("#main", "https://…") is left alone.
 */
export function getPathname({ href, locale }: { href: Href; locale: string }): string {
  let path: string;
  if (typeof href === "string") path = href;
  else {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(href.query ?? {})) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
    }
    const search = query.toString();
    path = search ? `${href.pathname}?${search}` : href.pathname;
  }
  if (!path.startsWith("/") || path.startsWith("//") || locale === routing.defaultLocale || !isLocale(locale)) return path;
  return path === "/" || path.startsWith("/?") || path.startsWith("/#") ? `/${locale}${path.slice(1)}` : `/${locale}${path}`;
}

const PREFIX = new RegExp(`^/(?:${locales.join("|")})(?=/|$)`);

/** The path without a locale prefix ("/ar/discovery" → "/discovery", "/ar" → "/"). */
export function stripLocale(pathname: string): string {
  return pathname.replace(PREFIX, "") || "/";
}
