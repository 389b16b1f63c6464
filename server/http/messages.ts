import { isLocale, type Locale } from "@/i18n/routing";

/**
 * The API's human messages (envelope `message`), in both languages. Keys are stable and also serve
 * as error codes by default; `{name}` placeholders are filled from an error's params.
 * Add a key to `en` and TypeScript requires it in `ar` (a test checks the same keys both ways).
 */
const en = {
  success: "Success",
  badRequest: "The request is not valid.",
  invalidJson: "The request body is not valid JSON.",
  unsupportedMediaType: "Send the request body as JSON (Content-Type: application/json).",
  validationFailed: "Some fields are not valid.",
  unauthorized: "Please sign in to continue.",
  invalidToken: "Your session is not valid or has expired. Please sign in again.",
  forbidden: "You do not have permission to do this.",
  notFound: "The requested resource was not found.",
  methodNotAllowed: "This method is not allowed for this address.",
  conflict: "This conflicts with existing data.",
  payloadTooLarge: "The request is too large (at most {limit}).",
  tooManyRequests: "Too many requests. Please wait and try again later.",
  internal: "Something went wrong",
  mangaNotFound: "Manga not found",
  chapterNotFound: "Chapter not found",
  userNotFound: "User not found",
  notificationNotFound: "Notification not found",
} as const;

export type MessageKey = keyof typeof en;
export type MessageParams = Record<string, string | number>;

const ar: Record<MessageKey, string> = {
  success: "تمت العملية بنجاح",
  badRequest: "الطلب غير صالح.",
  invalidJson: "محتوى الطلب ليس JSON صالحًا.",
  unsupportedMediaType: "أرسل محتوى الطلب بصيغة JSON ‏(Content-Type: application/json).",
  validationFailed: "بعض الحقول غير صالحة.",
  unauthorized: "يرجى تسجيل الدخول للمتابعة.",
  invalidToken: "جلستك غير صالحة أو انتهت صلاحيتها. يرجى تسجيل الدخول مجددًا.",
  forbidden: "ليست لديك صلاحية للقيام بذلك.",
  notFound: "المورد المطلوب غير موجود.",
  methodNotAllowed: "هذه الطريقة غير مسموح بها لهذا العنوان.",
  conflict: "يتعارض هذا مع بيانات موجودة.",
  payloadTooLarge: "الطلب كبير جدًا (الحد الأقصى {limit}).",
  tooManyRequests: "طلبات كثيرة جدًا. يرجى الانتظار والمحاولة لاحقًا.",
  internal: "حدث خطأ ما",
  mangaNotFound: "المانجا غير موجودة",
  chapterNotFound: "الفصل غير موجود",
  userNotFound: "المستخدم غير موجود",
  notificationNotFound: "الإشعار غير موجود",
};

export const apiMessages: Record<Locale, Record<MessageKey, string>> = { en, ar };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

/** The message for `key` in `locale`, with `{name}` placeholders filled from `params`. */
export function apiMessage(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const text = apiMessages[locale][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * The language of a request's messages: an explicit `x-locale` header, then the site's NEXT_LOCALE
 * cookie (the language the visitor chose on the site), then the best of en/ar in Accept-Language; en by default.
 */
export function localeOf(request: Request): Locale {
  const explicit = request.headers.get("x-locale")?.trim().toLowerCase();
  if (isLocale(explicit)) return explicit;
  const cookie = cookieValue(request.headers.get("cookie"), "NEXT_LOCALE");
  if (isLocale(cookie)) return cookie;
  return preferredLocale(request.headers.get("accept-language")) ?? "en";
}

/** The supported language Accept-Language ranks highest (by q, then order), if any. */
export function preferredLocale(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...attrs] = part.trim().split(";");
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { lang: tag.trim().toLowerCase().split("-")[0] ?? "", weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { lang } of ranked) if (isLocale(lang)) return lang;
  return undefined;
}

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim().toLowerCase();
  }
  return undefined;
}
