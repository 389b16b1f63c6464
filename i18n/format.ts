/**
 * Formats one message as next-intl compiles it at build time (`precompile`, ADR 010): a plain string, or a list of
 * parts — text, `0` for a plural's `#`, `[name]` for an argument, `[name, 1, branches]` for a select and
 * `[name, 2, branches]` for a plural. Public pages format their few client-side texts with this instead of
 * next-intl's browser runtime; the test checks it against next-intl for every message those pages use.
 */
export type Compiled = string | readonly CompiledPart[];
type CompiledPart = string | 0 | readonly [string] | readonly [string, number, Readonly<Record<string, Compiled | 0>>];
export type FormatValues = Readonly<Record<string, string | number>>;

const SELECT = 1;
const PLURAL = 2;

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
function numberFormat(locale: string) {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale)));
  return f;
}
function pluralRule(locale: string) {
  let r = pluralRules.get(locale);
  if (!r) pluralRules.set(locale, (r = new Intl.PluralRules(locale)));
  return r;
}

export function formatMessage(locale: string, message: Compiled | 0, values: FormatValues = {}, pound?: number): string {
  if (message === 0) return pound === undefined ? "#" : numberFormat(locale).format(pound);
  if (typeof message === "string") return message;
  let out = "";
  for (const part of message) {
    if (typeof part === "string" || part === 0) {
      out += formatMessage(locale, part, values, pound);
      continue;
    }
    const [name, type, branches] = part;
    const value = values[name];
    if (type === undefined || !branches) out += value === undefined ? "" : String(value);
    else if (type === PLURAL && typeof value === "number") {
      const branch = branches[`=${value}`] ?? branches[pluralRule(locale).select(value)] ?? branches.other;
      if (branch !== undefined) out += formatMessage(locale, branch, values, value);
    } else if (type === SELECT) {
      const branch = branches[String(value)] ?? branches.other;
      if (branch !== undefined) out += formatMessage(locale, branch, values, pound);
    }
  }
  return out;
}

/** `t(key, values)` over one namespace: next-intl's on the server, `translator` (or `useTexts`) in the browser. */
export type Translate = (key: string, values?: FormatValues) => string;

/** A translator over one namespace of compiled messages, in `locale`. */
export function translator(locale: string, tree: MessageTree | undefined): Translate {
  return (key, values) => formatMessage(locale, lookup(tree, key), values);
}

/** Messages as nested namespaces (the shape of messages/*.json, compiled or not). */
export interface MessageTree {
  readonly [key: string]: Compiled | MessageTree;
}

/** The message at a dotted path of a namespace, or the path itself when there is none (as next-intl shows it). */
export function lookup(tree: MessageTree | undefined, path: string): Compiled {
  let node: Compiled | MessageTree | undefined = tree;
  for (const key of path.split(".")) {
    node = node && typeof node === "object" && !Array.isArray(node) ? (node as MessageTree)[key] : undefined;
  }
  return typeof node === "string" || Array.isArray(node) ? (node as Compiled) : path;
}
