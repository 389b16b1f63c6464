/**
 * The notification of spec §3 as the client holds it, and how a socket message or a list item becomes one.
 * Socket messages may use capitalised or lowercase keys (spec §3); `link` is an optional site path to open on click.
 */
export interface AppNotification {
  id: number;
  message: string;
  /** 1 Info, 2 Success, 3 Warning, 4 Error; anything else is shown grey. */
  type: number;
  isRead: boolean;
  createdAt: string;
  link?: string | null;
  /** The language `message` is in ('en' | 'ar'; a person's message is shown as written), for its element's lang and dir. */
  lang?: "en" | "ar" | null;
}

/** The element attributes of a message: its language and direction when known, else the text's own direction. */
export function messageLanguage(notification: Pick<AppNotification, "lang">): { lang?: string; dir: "ltr" | "rtl" | "auto" } {
  if (notification.lang === "ar") return { lang: "ar", dir: "rtl" };
  if (notification.lang === "en") return { lang: "en", dir: "ltr" };
  return { dir: "auto" };
}

function field(record: Record<string, unknown>, name: string): unknown {
  if (name in record) return record[name];
  const capital = name[0]!.toUpperCase() + name.slice(1);
  return record[capital];
}

/** A notification from untrusted JSON (a socket frame or a list item), or null when it is not one. */
export function toNotification(value: unknown): AppNotification | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const id = Number(field(record, "id"));
  const message = field(record, "message");
  if (!Number.isSafeInteger(id) || typeof message !== "string") return null;
  const type = Number(field(record, "type"));
  const createdAt = field(record, "createdAt");
  const link = field(record, "link");
  const lang = field(record, "lang");
  return {
    id,
    message,
    type: Number.isFinite(type) ? type : 0,
    isRead: field(record, "isRead") === true,
    createdAt: typeof createdAt === "string" ? createdAt : new Date().toISOString(),
    link: safeLink(link),
    ...(lang === "en" || lang === "ar" ? { lang } : {}),
  };
}

/** Only a path on this site (`/dashboard/…`), never another origin or a `javascript:` URL. */
export function safeLink(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const link = value.trim();
  return link.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\") ? link : null;
}

/** Spec §2 type colours: 1 info blue, 2 success green, 3 warning yellow, 4 error red, other grey. */
export type TypeTone = "info" | "success" | "warning" | "error" | "other";
export function toneOf(type: number): TypeTone {
  return type === 1 ? "info" : type === 2 ? "success" : type === 3 ? "warning" : type === 4 ? "error" : "other";
}

/**
 * Tailwind classes per tone: a dot/icon colour and a soft background (AA contrast for the icon on it); the row stripe
 * repeats its colour under `dark:` so a row's own `dark:border-zinc-800` does not paint over it in the dark theme.
 */
export const TONE_CLASSES: Record<TypeTone, { dot: string; soft: string; border: string }> = {
  info: { dot: "bg-blue-500", soft: "bg-blue-50 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300", border: "border-s-blue-500 dark:border-s-blue-500" },
  success: { dot: "bg-green-500", soft: "bg-green-50 text-green-700 dark:bg-green-500/15 dark:text-green-300", border: "border-s-green-500 dark:border-s-green-500" },
  warning: { dot: "bg-yellow-400", soft: "bg-yellow-50 text-yellow-800 dark:bg-yellow-500/15 dark:text-yellow-300", border: "border-s-yellow-400 dark:border-s-yellow-400" },
  error: { dot: "bg-red-500", soft: "bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300", border: "border-s-red-500 dark:border-s-red-500" },
  other: { dot: "bg-zinc-400", soft: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300", border: "border-s-zinc-400 dark:border-s-zinc-400" },
};

/** "5 minutes ago" / "منذ 5 دقائق" (lib/relative-time.ts, shared with the latest updates). */
export { relativeTime } from "@/lib/relative-time";
