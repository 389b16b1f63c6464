import type { AbstractIntlMessages } from "next-intl";

/**
 * The namespaces the public site's client components read through TextsProvider (header search, language and theme
 * switches, hearts): the site layout provides them, and the dashboard's for the same components. The discovery
 * catalogue adds its own ("discovery", "genres").
 */
export const PUBLIC_TEXT_NAMESPACES = ["search", "language", "theme", "manga"] as const;

/** Keeps only the namespaces a client subtree needs, so pages do not ship every message to the browser. */
export function pickMessages(messages: AbstractIntlMessages, namespaces: readonly string[]): AbstractIntlMessages {
  return Object.fromEntries(namespaces.filter((ns) => ns in messages).map((ns) => [ns, messages[ns]!]));
}
