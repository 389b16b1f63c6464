"use client";

import NextLink from "next/link";
import { useParams, usePathname as useNextPathname, useRouter as useNextRouter } from "next/navigation";
import { createContext, useContext, useMemo, type ComponentProps, type ReactNode } from "react";
import { translator, type MessageTree } from "./format";
import { getPathname, stripLocale, type Href } from "./paths";
import { isLocale, routing, type Locale } from "./routing";

/**
 * The browser half of the site's i18n without next-intl's client runtime (ADR 010): the locale comes from the
 * `[locale]` route segment, links and the router add its prefix, and public client components read their texts
 * from `TextsProvider` (compiled messages picked by the layout, formatted by ./format.ts). Dashboard, auth and
 * reader components keep next-intl's `useTranslations`; navigation is this module's everywhere.
 */
export function useLocale(): Locale {
  const locale = useParams<{ locale?: string }>()?.locale;
  return isLocale(locale) ? locale : routing.defaultLocale;
}

/** The current path without its locale prefix ("/ar/discovery" → "/discovery"). */
export function usePathname(): string {
  return stripLocale(useNextPathname() ?? "/");
}

type NavigateOptions = { locale?: Locale; scroll?: boolean };

/** Next's router with locale-aware `push`, `replace` and `prefetch`. */
export function useRouter() {
  const router = useNextRouter();
  const current = useLocale();
  return useMemo(() => {
    const to = (href: Href, options?: NavigateOptions) => getPathname({ href, locale: options?.locale ?? current });
    return {
      ...router,
      push: (href: Href, options?: NavigateOptions) => router.push(to(href, options), { scroll: options?.scroll }),
      replace: (href: Href, options?: NavigateOptions) => router.replace(to(href, options), { scroll: options?.scroll }),
      prefetch: (href: Href, options?: { locale?: Locale }) => router.prefetch(to(href, options)),
    };
  }, [router, current]);
}

type LinkProps = Omit<ComponentProps<typeof NextLink>, "href" | "locale"> & { href: Href; locale?: Locale };

/**
 * next/link to a path of this site in the current language (or `locale`'s).
 *
 * Prefetching follows intent rather than the viewport (ADR 010): the route is prefetched when a mouse or pen enters
 * the link or the link takes keyboard focus (not on touch: a finger lands on cards to swipe a carousel, and a tap
 * starts the navigation's own request at once). Next's default prefetches every link that scrolls into view, which
 * on a phone meant a dozen RSC requests and their processing on the main thread right after the page loaded, for
 * pages most visitors never open. `prefetch={true}` or `{false}` keeps Next's own behaviour (the reader's next
 * chapter is prefetched on sight).
 */
export function Link({ href, locale, prefetch, onPointerEnter, onFocus, ...props }: LinkProps) {
  const current = useLocale();
  const router = useNextRouter();
  const to = getPathname({ href, locale: locale ?? current });
  if (typeof prefetch === "boolean") {
    return <NextLink {...props} href={to} prefetch={prefetch} onPointerEnter={onPointerEnter} onFocus={onFocus} />;
  }
  return (
    <NextLink
      {...props}
      href={to}
      prefetch={false}
      onPointerEnter={(event) => {
        if (event.pointerType !== "touch") router.prefetch(to);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        router.prefetch(to);
        onFocus?.(event);
      }}
    />
  );
}

const Texts = createContext<MessageTree>({});

/** The messages public client components may read (the layout picks the namespaces, ./format.ts formats them). */
export function TextsProvider({ messages, children }: { messages: MessageTree; children: ReactNode }) {
  const parent = useContext(Texts);
  const merged = useMemo(() => ({ ...parent, ...messages }), [parent, messages]);
  return <Texts.Provider value={merged}>{children}</Texts.Provider>;
}

/** `t(key, values)` over one namespace of the provided messages, in the page's language. */
export function useTexts(namespace: string) {
  const messages = useContext(Texts);
  const locale = useLocale();
  const tree = messages[namespace] as MessageTree | undefined;
  return useMemo(() => translator(locale, tree), [locale, tree]);
}
