"use client";

import { Languages } from "@/components/icons/ui";
import { useLocale, useTexts } from "@/i18n/client";
import { getPathname, Link, usePathname } from "@/i18n/navigation";
import { STORAGE_KEYS } from "@/lib/site";
import { localeCookie } from "@/lib/locale-cookie";

/**
 * Links to the same page in the other language (`compact`: the icon alone below 1024 px, where the header is crowded);
 * the choice is remembered (the NEXT_LOCALE cookie, written only in the browser: here and by the profile's language
 * choice, never by the server; and i18nextLng locally). A signed-in account follows it with no code here: the new page's
 * read of the session endpoint carries the cookie, and the server keeps the language on the account (issue 28,
 * server/auth/next-auth.ts).
 */
export function LanguageSwitcher({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const t = useTexts("language");
  const locale = useLocale();
  const pathname = usePathname();
  const other = locale === "ar" ? "en" : "ar";
  return (
    <Link
      href={pathname}
      locale={other}
      hrefLang={other}
      onClick={(event) => {
        document.cookie = localeCookie(other);
        try {
          localStorage.setItem(STORAGE_KEYS.language, other);
        } catch {
          // not fatal: the cookie still remembers the language
        }
        // A full page load, keeping the query (search, sort, page…; read at click time so static pages need no search
        // params to render). A client-side switch would keep the router's cache of the old language: its redirects of
        // unprefixed paths to /ar would come back on Back and Forward.
        if (!(event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) {
          event.preventDefault();
          window.location.assign(getPathname({ href: pathname, locale: other }) + window.location.search);
        }
      }}
      className={`inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-zinc-700 transition hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800 ${className}`}
    >
      <Languages className="size-4" aria-hidden />
      {/* The visible language name starts the accessible name (WCAG 2.5.3 label in name); the rest says what it does. */}
      <span lang={other} className={compact ? "sr-only lg:not-sr-only" : undefined}>{t("switchTo")}</span>
      <span className="sr-only"> – {t("switchToLabel")}</span>
    </Link>
  );
}
