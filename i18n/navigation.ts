import { redirect as nextRedirect } from "next/navigation";
import { getPathname, type Href } from "./paths";

/**
 * Locale-aware navigation for the whole site (server and client components alike). It replaces next-intl's
 * createNavigation so that public pages do not ship its browser runtime (ADR 010); the routing itself is still
 * next-intl's (proxy.ts, i18n/routing.ts).
 */
export { Link, usePathname, useRouter } from "./client";
export { getPathname, type Href } from "./paths";

/** Stops rendering and sends the browser to `href` in `locale`. */
export function redirect({ href, locale }: { href: Href; locale: string }): never {
  return nextRedirect(getPathname({ href, locale }));
}
