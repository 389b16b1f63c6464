import type { Locale } from "@/i18n/routing";
import { siteLink } from "@/server/mail/links";
import type { MailMessage } from "@/server/mail/send-mail";
import { escapeHtml } from "@/server/mail/templates";

/**
 * The account-security notices of issue 16, in the recipient's language: plain text plus a small inline-styled HTML
 * version, like server/mail/templates.ts. They carry no token: the link goes to the forgot-password page, for the
 * case where the change was not the account holder's.
 */
type Template = Omit<MailMessage, "to">;

const BRAND: Record<Locale, string> = { en: "MangaNova", ar: "مانجا نوفا" };

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  body: (detail: string) => string;
  button: string;
  notYou: string;
}

const PASSWORD_CHANGED: Record<Locale, Texts> = {
  en: {
    subject: `Your password was changed — ${BRAND.en}`,
    greeting: (name) => `Hello ${name},`,
    body: () => "The password of your account was just changed. Your other devices have been signed out.",
    button: "Reset my password",
    notYou: "If you did not change it, reset your password now with the link above and review your sessions.",
  },
  ar: {
    subject: `تم تغيير كلمة مرورك — ${BRAND.ar}`,
    greeting: (name) => `مرحبًا ${name}،`,
    body: () => "تم للتو تغيير كلمة مرور حسابك، وتم تسجيل الخروج من أجهزتك الأخرى.",
    button: "إعادة تعيين كلمة المرور",
    notYou: "إذا لم تقم بهذا التغيير، فأعد تعيين كلمة المرور الآن من الرابط أعلاه وراجع جلساتك.",
  },
};

const EMAIL_CHANGED: Record<Locale, Texts> = {
  en: {
    subject: `Your email address was changed — ${BRAND.en}`,
    greeting: (name) => `Hello ${name},`,
    body: (address) => `The email address of your account was changed to ${address}, confirmed from that address. From now on, mail about your account goes there.`,
    button: "Reset my password",
    notYou: "If you did not make this change, reset your password with the link above and contact us.",
  },
  ar: {
    subject: `تم تغيير بريدك الإلكتروني — ${BRAND.ar}`,
    greeting: (name) => `مرحبًا ${name}،`,
    body: (address) => `تم تغيير البريد الإلكتروني لحسابك إلى ${address} بعد تأكيده من ذلك العنوان. ستصل رسائل حسابك إليه من الآن.`,
    button: "إعادة تعيين كلمة المرور",
    notYou: "إذا لم تقم بهذا التغيير، فأعد تعيين كلمة المرور من الرابط أعلاه وتواصل معنا.",
  },
};

const EMAIL_CHANGE_REQUESTED: Record<Locale, Texts> = {
  en: {
    subject: `A change of your email address was requested — ${BRAND.en}`,
    greeting: (name) => `Hello ${name},`,
    body: (address) =>
      `Someone signed in to your account asked to change its email address to ${address}. It changes only when the link sent to that address is opened; until then this address stays.`,
    button: "Reset my password",
    notYou: "If this was not you, reset your password with the link above and sign out your other sessions.",
  },
  ar: {
    subject: `طُلب تغيير بريدك الإلكتروني — ${BRAND.ar}`,
    greeting: (name) => `مرحبًا ${name}،`,
    body: (address) =>
      `طلب شخص مسجَّل الدخول إلى حسابك تغيير بريده الإلكتروني إلى ${address}. لن يتغير إلا عند فتح الرابط المرسل إلى ذلك العنوان، ويبقى هذا العنوان حتى ذلك الحين.`,
    button: "إعادة تعيين كلمة المرور",
    notYou: "إذا لم تكن أنت، فأعد تعيين كلمة المرور من الرابط أعلاه وسجّل الخروج من جلساتك الأخرى.",
  },
};

const EMAIL_IN_USE: Record<Locale, Texts> = {
  en: {
    subject: `Someone tried to use this email address — ${BRAND.en}`,
    greeting: () => "Hello,",
    body: () =>
      `Someone asked to move a ${BRAND.en} account to this email address, but this address already has an account. Nothing was changed, and no account was moved here.`,
    button: "Reset my password",
    notYou: "If the account at this address is yours and you cannot sign in, reset its password with the link above. Otherwise you can ignore this email.",
  },
  ar: {
    subject: `حاول أحدهم استخدام هذا البريد الإلكتروني — ${BRAND.ar}`,
    greeting: () => "مرحبًا،",
    body: () => `طلب أحدهم نقل حساب في ${BRAND.ar} إلى هذا البريد الإلكتروني، لكن هذا العنوان لديه حساب بالفعل. لم يتغير شيء ولم يُنقل أي حساب إليه.`,
    button: "إعادة تعيين كلمة المرور",
    notYou: "إذا كان الحساب المرتبط بهذا العنوان لك ولا تستطيع تسجيل الدخول، فأعد تعيين كلمة مروره من الرابط أعلاه. وإلا يمكنك تجاهل هذه الرسالة.",
  },
};

const SIGN_IN_ATTACK: Record<Locale, Texts> = {
  en: {
    subject: `Failed sign-ins to your account — ${BRAND.en}`,
    greeting: (name) => `Hello ${name},`,
    body: (detail) =>
      `Someone tried to sign in to your account with a wrong password ${detail} times in a row from one address, which is now kept out for 15 minutes. You can still sign in as usual.`,
    button: "Reset my password",
    notYou: "If this was not you, choose a strong password you use nowhere else with the link above.",
  },
  ar: {
    subject: `محاولات دخول فاشلة إلى حسابك — ${BRAND.ar}`,
    greeting: (name) => `مرحبًا ${name}،`,
    body: (detail) =>
      `حاول أحدهم تسجيل الدخول إلى حسابك بكلمة مرور خاطئة ${detail} مرات متتالية من عنوان واحد، وقد مُنع هذا العنوان لمدة 15 دقيقة. ما زال بإمكانك تسجيل الدخول كالمعتاد.`,
    button: "إعادة تعيين كلمة المرور",
    notYou: "إذا لم تكن أنت، فاختر من الرابط أعلاه كلمة مرور قوية لا تستخدمها في أي مكان آخر.",
  },
};

/** To the account's owner when an address is kept out of it after repeated wrong passwords (issue 19, item 3). */
export function signInAttackMail(opts: { locale: Locale; name: string; failures: number }): Template & { link: string } {
  return render(SIGN_IN_ATTACK[opts.locale], { ...opts, detail: String(opts.failures) });
}

export function passwordChangedMail(opts: { locale: Locale; name: string }): Template & { link: string } {
  return render(PASSWORD_CHANGED[opts.locale], { ...opts, detail: "" });
}

/** To the OLD address when a move to a new address is requested (issue 27, item 6); it applies only once confirmed. */
export function emailChangeRequestedMail(opts: { locale: Locale; name: string; newEmail: string }): Template & { link: string } {
  return render(EMAIL_CHANGE_REQUESTED[opts.locale], { ...opts, detail: opts.newEmail });
}

/**
 * To an address another account already has, when someone asks to move their account to it (issue 27, item 6): the
 * requester's answer is the same as for a free address, so this mail is where "already has an account" is said.
 */
export function emailInUseMail(opts: { locale: Locale }): Template & { link: string } {
  return render(EMAIL_IN_USE[opts.locale], { ...opts, name: "", detail: "" });
}

/** To the OLD address when the e-mail of an account changes (the new address confirmed it). */
export function emailChangedMail(opts: { locale: Locale; name: string; newEmail: string }): Template & { link: string } {
  return render(EMAIL_CHANGED[opts.locale], { ...opts, detail: opts.newEmail });
}

function render(texts: Texts, opts: { locale: Locale; name: string; detail: string }): Template & { link: string } {
  const { locale, name, detail } = opts;
  const link = siteLink(locale, "/auth/forgot-password");
  const greeting = texts.greeting(name || BRAND[locale]);
  const body = texts.body(detail);
  const text = [greeting, "", body, "", texts.notYou, link, "", BRAND[locale]].join("\n");
  const dir = locale === "ar" ? "rtl" : "ltr";
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;text-align:${dir === "rtl" ? "right" : "left"}">
<p style="font-size:20px;font-weight:bold;margin:0 0 24px">${escapeHtml(BRAND[locale])}</p>
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(body)}</p>
<p style="margin:0 0 12px;font-size:13px;color:#52525b">${escapeHtml(texts.notYou)}</p>
<p style="margin:0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#e11d48;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(texts.button)}</a></p>
</div>
</body>
</html>`;
  return { subject: texts.subject, text, html, link };
}
