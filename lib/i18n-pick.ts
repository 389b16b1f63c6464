import type { AbstractIntlMessages } from "next-intl";

/** Keeps only the namespaces a client subtree needs, so pages do not ship every message to the browser. */
export function pickMessages(messages: AbstractIntlMessages, namespaces: readonly string[]): AbstractIntlMessages {
  return Object.fromEntries(namespaces.filter((ns) => ns in messages).map((ns) => [ns, messages[ns]!]));
}
