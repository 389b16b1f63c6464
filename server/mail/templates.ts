import { isLocale, type Locale } from "@/i18n/routing";
import type { MailMessage } from "./send-mail";
import { escapeHtml } from "@/lib/escape-html";

export { escapeHtml };

/** The account mails in English and Arabic: plain text plus a small, inline-styled HTML version. */
type Template = Omit<MailMessage, "to">;

/**
 * The language a mail to an account is written in: the account's (`users.locale`, which follows the language the person
 * reads the site in: docs/decisions/016, issue 28), never the language of the request that caused the mail (a reset
 * asked for from another browser, a lock caused by someone else). `fallback` only for a value that is not a language.
 */
export function accountLocale(value: string | null | undefined, fallback: Locale = "en"): Locale {
  return isLocale(value) ? value : fallback;
}

const BRAND: Record<Locale, string> = { en: "MangaNova", ar: "مانجا نوفا" };

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  button: string;
  expiry: string;
  ignore: string;
}

const VERIFY: Record<Locale, Texts> = {
  en: {
    subject: `Verify your email address — ${BRAND.en}`,
    greeting: (name) => `Hello ${name},`,
    body: `Welcome to ${BRAND.en}! Please confirm your email address by opening the link below.`,
    button: "Verify email",
    expiry: "This link is valid for 24 hours and can be used once.",
    ignore: "If you did not create an account, you can ignore this email.",
  },
  ar: {
    subject: `تأكيد بريدك الإلكتروني — ${BRAND.ar}`,
    greeting: (name) => `مرحبًا ${name}،`,
    body: `أهلًا بك في ${BRAND.ar}! يرجى تأكيد بريدك الإلكتروني بفتح الرابط أدناه.`,
    button: "تأكيد البريد الإلكتروني",
    expiry: "هذا الرابط صالح لمدة 24 ساعة ولمرة واحدة فقط.",
    ignore: "إذا لم تُنشئ حسابًا، يمكنك تجاهل هذه الرسالة.",
  },
};

const RESET: Record<Locale, Texts> = {
  en: {
    subject: `Reset your password — ${BRAND.en}`,
    greeting: (name) => `Hello ${name},`,
    body: "We received a request to reset the password of your account. Open the link below to choose a new one.",
    button: "Reset password",
    expiry: "This link is valid for 30 minutes and can be used once.",
    ignore: "If you did not ask for this, you can ignore this email: your password stays the same.",
  },
  ar: {
    subject: `إعادة تعيين كلمة المرور — ${BRAND.ar}`,
    greeting: (name) => `مرحبًا ${name}،`,
    body: "تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك. افتح الرابط أدناه لاختيار كلمة مرور جديدة.",
    button: "إعادة تعيين كلمة المرور",
    expiry: "هذا الرابط صالح لمدة 30 دقيقة ولمرة واحدة فقط.",
    ignore: "إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة ولن تتغير كلمة مرورك.",
  },
};

/** To the NEW address of an account moving to it (issue 27, item 6): opening the link applies the change. */
const CONFIRM_EMAIL_CHANGE: Record<Locale, Texts> = {
  en: {
    subject: `Confirm your new email address — ${BRAND.en}`,
    greeting: (name) => `Hello ${name},`,
    body: `You asked to use this address for your ${BRAND.en} account. Open the link below to confirm it; until then your account keeps its current address.`,
    button: "Confirm new email",
    expiry: "This link is valid for 24 hours and can be used once.",
    ignore: "If you did not ask for this, you can ignore this email: nothing changes.",
  },
  ar: {
    subject: `تأكيد بريدك الإلكتروني الجديد — ${BRAND.ar}`,
    greeting: (name) => `مرحبًا ${name}،`,
    body: `طلبت استخدام هذا العنوان لحسابك في ${BRAND.ar}. افتح الرابط أدناه لتأكيده؛ وحتى ذلك الحين يبقى لحسابك عنوانه الحالي.`,
    button: "تأكيد البريد الجديد",
    expiry: "هذا الرابط صالح لمدة 24 ساعة ولمرة واحدة فقط.",
    ignore: "إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة ولن يتغير شيء.",
  },
};

export function confirmEmailChangeMail(opts: { locale: Locale; name: string; link: string }): Template {
  return render(CONFIRM_EMAIL_CHANGE[opts.locale], opts);
}

export function verifyEmailMail(opts: { locale: Locale; name: string; link: string }): Template {
  return render(VERIFY[opts.locale], opts);
}

export function resetPasswordMail(opts: { locale: Locale; name: string; link: string }): Template {
  return render(RESET[opts.locale], opts);
}

function render(texts: Texts, opts: { locale: Locale; name: string; link: string }): Template {
  const { locale, name, link } = opts;
  const text = [texts.greeting(name), "", texts.body, "", link, "", texts.expiry, texts.ignore, "", BRAND[locale]].join("\n");
  const dir = locale === "ar" ? "rtl" : "ltr";
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;text-align:${dir === "rtl" ? "right" : "left"}">
<p style="font-size:20px;font-weight:bold;margin:0 0 24px">${escapeHtml(BRAND[locale])}</p>
<p style="margin:0 0 12px">${escapeHtml(texts.greeting(name))}</p>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(texts.body)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#e11d48;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(texts.button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52525b;word-break:break-all" dir="ltr">${escapeHtml(link)}</p>
<p style="margin:16px 0 0;font-size:13px;color:#52525b">${escapeHtml(texts.expiry)}<br>${escapeHtml(texts.ignore)}</p>
</div>
</body>
</html>`;
  return { subject: texts.subject, text, html };
}

