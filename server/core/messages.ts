import type { IncomingHttpHeaders } from "node:http";
import { isLocale, LOCALE_COOKIE, type Locale } from "@/i18n/routing";

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
  controlCharacters: "This must not contain control characters (such as the NUL character).",
  loneSurrogate: "This text contains a broken character (a lone UTF-16 surrogate). Type or paste it again.",
  headersTooLarge: "The request's headers are too large.",
  internal: "Something went wrong",
  serviceUnavailable: "The service is briefly unavailable. Please try again in a few seconds.",
  mediaUnavailable: "Images cannot be loaded right now. Please try again in a moment.",
  mangaNotFound: "Manga not found",
  chapterNotFound: "Chapter not found",
  premiumRequired: "This is a premium chapter. An active premium subscription is needed to read it.",
  premiumImage: "This page of a premium chapter opens only through the reader's current link. Open the chapter again.",
  // Premium (issue 16: server/premium, timed premium windows)
  freeAtNeedsPremium: "Only a premium chapter can have a free date: mark it premium or clear the date.",
  // Monetisation (issue 16: server/monetization)
  monthAlreadyClosed: "The month {month} is already closed: its income was entered and shared once.",
  monthHasNoImpressions: "No impressions were recorded in {month}, so nobody can be credited: the month stays open.",
  payoutEmailRequired: "Add a payout e-mail address before asking for a payout.",
  payoutPending: "You already have a payout request waiting. You can ask again once it is settled.",
  payoutBelowThreshold: "A payout needs a balance of at least {threshold}; your balance is {balance}.",
  payoutNotFound: "Payout request not found",
  payoutAlreadySettled: "This payout request is already settled.",
  userNotFound: "User not found",
  notificationNotFound: "Notification not found",
  // Notifications (server/notifications)
  notificationMessageRequired: "Write a message.",
  notificationMessageTooLong: "The message is too long (at most {max} characters).",
  notificationTypeInvalid: "Choose a type: 1 Info, 2 Success, 3 Warning or 4 Error.",
  notificationUserInvalid: "Choose the user to send to.",
  notificationIdInvalid: "The notification id must be a positive whole number.",
  // Content reports (server/reports)
  reportAlreadyOpen: "You already reported this. Your report is waiting for review.",
  reportNothingOpen: "There are no open reports about this content; they may have been resolved already.",
  // Following writers (server/follows)
  writerNotFound: "Writer not found",
  followSelf: "You cannot follow yourself.",
  followLimit: "You follow the most writers an account may follow ({max}). Unfollow someone first.",
  // Accounts (server/auth)
  invalidCredentials: "Invalid username or password.",
  accountBanned: "This account has been banned.",
  accountLocked: "Too many failed sign-in attempts. Please try again in {minutes:minute}.",
  usernameTaken: "This username is already taken.",
  usernameConfusable: "This username looks too much like an existing one. Choose another.",
  emailTaken: "This email is already registered.",
  registered: "Registration successful. Please check your email to verify your account.",
  verifyTokenRequired: "Token is required to verify email",
  verifyTokenInvalid: "This verification link is invalid or has already been used.",
  verifyTokenExpired: "This verification link has expired.",
  emailVerified: "Email verified successfully.",
  resetTokenInvalid: "Invalid or expired token.",
  passwordResetDone: "Your password has been reset. You can now sign in.",
  resetEmailSent: "If an account exists for this email, a password reset link has been sent.",
  verifyEmailSent: "If this email belongs to an account that is not verified yet, a verification link has been sent.",
  loggedOut: "You have been signed out.",
  nothingSignedOut: "No sign-in was found to sign out.",
  roleAlreadySelected: "Your role has already been selected.",
  profileUpdated: "Your profile has been updated.",
  emailChangeRequested: "We sent a link to {email}. Your email address changes when you open it.",
  emailChanged: "Your email address has been changed.",
  emailChangeTaken: "This address already has an account, so nothing was changed.",
  // Profile management (server/account, issue 16)
  currentPasswordWrong: "The password is not correct.",
  passwordChanged: "Your password has been changed. Your other sessions were signed out.",
  sessionNotFound: "This session was not found or has already ended.",
  sessionRevoked: "The session has been signed out.",
  otherSessionsRevoked: "Your other sessions have been signed out.",
  accountSelfDeleted: "Your account has been deleted.",
  // Uploads: images and chapter files (server/media, server/chapters/ingest)
  uploadEmpty: "The upload has no pages: send at least one image, or a PDF with pages.",
  tooManyPages: "There are too many pages (at most {max}).",
  fileTooLarge: "The file is too large (at most {limit}).",
  notAPdf: "The file is not a PDF.",
  pdfEncrypted: "The PDF is password-protected. Upload a copy without a password.",
  pdfMalformed: "The PDF is damaged or cannot be read.",
  pdfTooComplex: "The PDF is too complex to render in time. Try exporting it again at a lower resolution.",
  notAnImage: "The file is not a JPEG, PNG, WebP or GIF image.",
  imageTooManyPixels: "The image's dimensions are too large (at most {side} pixels a side and {megapixels} megapixels).",
  imageCorrupt: "The image is damaged and cannot be read.",
  onPage: "Page {page}: {message}",
  archiveTooLarge: "The zip file holds too much: at most {entries} files, unpacking to at most {limit} in all.",
  archiveInvalid: "The zip file cannot be accepted: its entries overlap, lie about their sizes or compress far more than images do. Zip the page images again with an ordinary tool.",
  tooManyParts: "The form has too many parts (at most {max}).",
  fieldTooLong: "A form field is too long (at most {limit}).",
  // Publishing (server/publishing)
  invalidForm: "The form data could not be read.",
  chapterProcessing: "This chapter's pages are still being processed. Try again when they are ready.",
  chapterProcessingFailed: "This chapter's pages could not be processed. Upload them again.",
  uploadOneKind: "Send either page images or one PDF, not both.",
  onePdfOnly: "Send one PDF file.",
  pageOrderInvalid: "The page list is not valid: list each kept page and each new image once, with at least one page and at most {max}.",
  pageOrderForeignPage: "The page list names a page this chapter does not have. Reload the chapter and try again.",
  pageOrderImagesOnly: "Pages can be rearranged only in a chapter made of images. To change a PDF chapter, upload a new PDF.",
  coverRequired: "A cover image is required.",
  noteRequired: "A reason is required to reject.",
  notYourManga: "You can only manage your own manga.",
  mangaNotAccepted: "The manga must be accepted before its chapters can be accepted.",
  // Site settings (server/settings)
  bannerInvalidBase64: "The banner is not valid base64 image data.",
  featuredMangaNotAccepted: "Only an accepted manga can be featured.",
  // User management (server/users, issue 15)
  userRoleInvalid: "Choose a role: 0 reader, 1 writer, 2 staff, 3 admin or 4 root.",
  userIdInvalid: "The user id must be a positive whole number.",
  userBooleanExpected: "This must be true or false.",
  userSubscriptionTypeInvalid: "Choose a plan: 0 Premium or 1 Premium Plus.",
  userSubscriptionDurationRange: "The duration must be a whole number of days from 1 to {max}.",
  userControlCharacters: "This must not contain control characters (tabs, line breaks and the like).",
  userPageInvalid: "This must be a whole number.",
  userSortInvalid: "Sort by 0 CreatedDate, 1 Username, 2 Email, 3 Role, 4 LastLogin or 5 Balance.",
  userDirectionInvalid: "The sort direction must be 0 (asc) or 1 (desc).",
  cannotChangeOwnAccount: "You cannot ban, demote or delete your own account.",
  lastRootProtected: "This is the last root account: another root must exist before it can be banned, demoted or deleted.",
  trustedWritersOnly: "Only a writer can be trusted.",
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
  controlCharacters: "يجب ألا يحتوي هذا الحقل على محارف تحكّم (مثل المحرف NUL).",
  loneSurrogate: "يحتوي هذا النص على محرف تالف (نصف زوج UTF-16 منفرد). اكتبه أو الصقه من جديد.",
  headersTooLarge: "ترويسات الطلب كبيرة جدًا.",
  internal: "حدث خطأ ما",
  serviceUnavailable: "الخدمة غير متاحة مؤقتًا. يرجى المحاولة مجددًا بعد بضع ثوانٍ.",
  mediaUnavailable: "تعذّر تحميل الصور الآن. يُرجى المحاولة بعد قليل.",
  mangaNotFound: "المانجا غير موجودة",
  chapterNotFound: "الفصل غير موجود",
  premiumRequired: "هذا فصل مميز. تحتاج إلى اشتراك بريميوم فعّال لقراءته.",
  premiumImage: "لا تُفتح هذه الصفحة من فصل بريميوم إلا عبر الرابط الحالي للقارئ. افتح الفصل من جديد.",
  freeAtNeedsPremium: "لا يكون تاريخ الإتاحة المجانية إلا لفصل مميز: اجعله مميزًا أو امسح التاريخ.",
  monthAlreadyClosed: "الشهر {month} مُغلق بالفعل: أُدخل دخله ووُزّع مرة واحدة.",
  monthHasNoImpressions: "لم يُسجَّل أي ظهور في {month}، فلا يمكن إضافة حصص لأحد: يبقى الشهر مفتوحًا.",
  payoutEmailRequired: "أضف بريدًا إلكترونيًا للدفعات قبل طلب السحب.",
  payoutPending: "لديك طلب سحب قيد الانتظار. يمكنك الطلب مجددًا بعد تسويته.",
  payoutBelowThreshold: "يحتاج السحب إلى رصيد لا يقل عن {threshold}؛ رصيدك {balance}.",
  payoutNotFound: "طلب السحب غير موجود",
  payoutAlreadySettled: "طلب السحب هذا تمت تسويته بالفعل.",
  userNotFound: "المستخدم غير موجود",
  notificationNotFound: "الإشعار غير موجود",
  notificationMessageRequired: "اكتب رسالة.",
  notificationMessageTooLong: "الرسالة طويلة جدًا (الحد الأقصى {max} حرف).",
  notificationTypeInvalid: "اختر نوعًا: 1 معلومة، 2 نجاح، 3 تحذير أو 4 خطأ.",
  notificationUserInvalid: "اختر المستخدم المرسَل إليه.",
  notificationIdInvalid: "يجب أن يكون معرّف الإشعار عددًا صحيحًا موجبًا.",
  reportAlreadyOpen: "لقد أبلغت عن هذا من قبل، وبلاغك بانتظار المراجعة.",
  reportNothingOpen: "لا توجد بلاغات مفتوحة عن هذا المحتوى؛ ربما عولجت بالفعل.",
  writerNotFound: "الكاتب غير موجود",
  followSelf: "لا يمكنك متابعة نفسك.",
  followLimit: "أنت تتابع أقصى عدد من الكتّاب يسمح به الحساب ({max}). ألغِ متابعة أحدهم أولًا.",
  invalidCredentials: "اسم المستخدم أو كلمة المرور غير صحيحة.",
  accountBanned: "تم حظر هذا الحساب.",
  accountLocked: "محاولات تسجيل دخول فاشلة كثيرة. يرجى المحاولة مرة أخرى بعد {minutes:minute}.",
  usernameTaken: "اسم المستخدم هذا مستخدم بالفعل.",
  usernameConfusable: "اسم المستخدم هذا يشبه كثيرًا اسمًا موجودًا. اختر اسمًا آخر.",
  emailTaken: "هذا البريد الإلكتروني مسجل بالفعل.",
  registered: "تم التسجيل بنجاح. يرجى مراجعة بريدك الإلكتروني لتأكيد حسابك.",
  verifyTokenRequired: "الرمز مطلوب للتحقق من البريد الإلكتروني",
  verifyTokenInvalid: "رابط التحقق هذا غير صالح أو سبق استخدامه.",
  verifyTokenExpired: "انتهت صلاحية رابط التحقق هذا.",
  emailVerified: "تم التحقق من البريد الإلكتروني بنجاح.",
  resetTokenInvalid: "الرمز غير صالح أو منتهي الصلاحية.",
  passwordResetDone: "تمت إعادة تعيين كلمة المرور. يمكنك الآن تسجيل الدخول.",
  resetEmailSent: "إذا كان هناك حساب مرتبط بهذا البريد الإلكتروني، فقد أُرسل إليه رابط لإعادة تعيين كلمة المرور.",
  verifyEmailSent: "إذا كان هذا البريد الإلكتروني لحساب لم يُؤكَّد بعد، فقد أُرسل إليه رابط التحقق.",
  loggedOut: "تم تسجيل خروجك.",
  nothingSignedOut: "لم يُعثر على جلسة لتسجيل الخروج منها.",
  roleAlreadySelected: "تم اختيار نوع حسابك مسبقًا.",
  profileUpdated: "تم تحديث ملفك الشخصي.",
  emailChangeRequested: "أرسلنا رابطًا إلى {email}. يتغير بريدك الإلكتروني عند فتحه.",
  emailChanged: "تم تغيير بريدك الإلكتروني.",
  emailChangeTaken: "هذا العنوان لديه حساب بالفعل، لذلك لم يتغير شيء.",
  currentPasswordWrong: "كلمة المرور غير صحيحة.",
  passwordChanged: "تم تغيير كلمة مرورك، وتم تسجيل الخروج من جلساتك الأخرى.",
  sessionNotFound: "لم يتم العثور على هذه الجلسة أو أنها انتهت بالفعل.",
  sessionRevoked: "تم تسجيل الخروج من الجلسة.",
  otherSessionsRevoked: "تم تسجيل الخروج من جلساتك الأخرى.",
  accountSelfDeleted: "تم حذف حسابك.",
  uploadEmpty: "لا توجد صفحات في الملف المرفوع: أرسل صورة واحدة على الأقل، أو ملف PDF يحتوي على صفحات.",
  tooManyPages: "عدد الصفحات كبير جدًا (الحد الأقصى {max} صفحة).",
  fileTooLarge: "حجم الملف كبير جدًا (الحد الأقصى {limit}).",
  notAPdf: "الملف ليس بصيغة PDF.",
  pdfEncrypted: "ملف PDF محمي بكلمة مرور. ارفع نسخة منه دون كلمة مرور.",
  pdfMalformed: "ملف PDF تالف أو تتعذر قراءته.",
  pdfTooComplex: "ملف PDF معقد جدًا ولا يمكن معالجته في الوقت المحدد. جرّب تصديره مرة أخرى بدقة أقل.",
  notAnImage: "الملف ليس صورة بصيغة JPEG أو PNG أو WebP أو GIF.",
  imageTooManyPixels: "أبعاد الصورة كبيرة جدًا (الحد الأقصى {side} بكسل لكل ضلع و{megapixels} ميغابكسل).",
  imageCorrupt: "الصورة تالفة وتتعذر قراءتها.",
  onPage: "الصفحة {page}: {message}",
  archiveTooLarge: "ملف zip يحتوي على أكثر من المسموح: {entries} ملف على الأكثر، ولا يتجاوز مجموعها بعد فك الضغط {limit}.",
  archiveInvalid: "لا يمكن قبول ملف zip: مدخلاته متداخلة، أو أحجامها المعلنة غير صحيحة، أو نسبة ضغطها أعلى بكثير مما تكون عليه الصور. اضغط صور الصفحات مجددًا بأداة عادية.",
  tooManyParts: "النموذج يحتوي على عدد كبير جدًا من الأجزاء (الحد الأقصى {max}).",
  fieldTooLong: "أحد حقول النموذج طويل جدًا (الحد الأقصى {limit}).",
  invalidForm: "تعذرت قراءة بيانات النموذج.",
  chapterProcessing: "ما زالت صفحات هذا الفصل قيد المعالجة. حاول مجددًا عندما تصبح جاهزة.",
  chapterProcessingFailed: "تعذرت معالجة صفحات هذا الفصل. ارفعها مرة أخرى.",
  uploadOneKind: "أرسل صور الصفحات أو ملف PDF واحدًا، لا الاثنين معًا.",
  onePdfOnly: "أرسل ملف PDF واحدًا.",
  pageOrderInvalid: "قائمة الصفحات غير صالحة: اذكر كل صفحة محفوظة وكل صورة جديدة مرة واحدة، بصفحة واحدة على الأقل و{max} صفحة على الأكثر.",
  pageOrderForeignPage: "قائمة الصفحات تذكر صفحة ليست في هذا الفصل. أعد تحميل الفصل وحاول مجددًا.",
  pageOrderImagesOnly: "لا يمكن إعادة ترتيب الصفحات إلا في فصل مكوَّن من صور. لتعديل فصل PDF، ارفع ملف PDF جديدًا.",
  coverRequired: "صورة الغلاف مطلوبة.",
  noteRequired: "يجب ذكر سبب الرفض.",
  notYourManga: "يمكنك إدارة المانجا الخاصة بك فقط.",
  mangaNotAccepted: "يجب قبول المانجا قبل قبول فصولها.",
  bannerInvalidBase64: "صورة اللافتة ليست بيانات base64 صالحة.",
  featuredMangaNotAccepted: "لا يمكن تمييز إلا مانجا مقبولة.",
  userRoleInvalid: "اختر دورًا: 0 قارئ، 1 كاتب، 2 فريق العمل، 3 مشرف أو 4 المدير العام.",
  userIdInvalid: "يجب أن يكون معرّف المستخدم عددًا صحيحًا موجبًا.",
  userBooleanExpected: "يجب أن تكون القيمة صحيحة أو خاطئة (true أو false).",
  userSubscriptionTypeInvalid: "اختر خطة: 0 بريميوم أو 1 بريميوم بلس.",
  userSubscriptionDurationRange: "يجب أن تكون المدة عددًا صحيحًا من الأيام بين 1 و{max}.",
  userControlCharacters: "يجب ألا يحتوي هذا الحقل على محارف تحكّم (مثل علامات الجدولة أو فواصل الأسطر).",
  userPageInvalid: "يجب أن تكون القيمة عددًا صحيحًا.",
  userSortInvalid: "رتّب حسب: 0 تاريخ الإنشاء، 1 اسم المستخدم، 2 البريد الإلكتروني، 3 الدور، 4 آخر تسجيل دخول أو 5 الرصيد.",
  userDirectionInvalid: "يجب أن يكون اتجاه الترتيب 0 (تصاعدي) أو 1 (تنازلي).",
  cannotChangeOwnAccount: "لا يمكنك حظر حسابك أو خفض دوره أو حذفه.",
  lastRootProtected: "هذا آخر حساب مدير عام: يجب وجود مدير عام آخر قبل حظره أو خفض دوره أو حذفه.",
  trustedWritersOnly: "لا يمكن توثيق إلا الكتّاب.",
};

export const apiMessages: Record<Locale, Record<MessageKey, string>> = { en, ar };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

/**
 * The message for `key` in `locale`, with `{name}` placeholders filled from `params`. `{name:unit}` writes a number
 * with its unit in the language's own plural form ("1 minute", "15 minutes"; "دقيقة", "دقيقتان", "3 دقائق", "15 دقيقة"),
 * in Latin digits like the rest of the messages.
 */
export function apiMessage(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const text = apiMessages[locale][key];
  if (!params) return text;
  return text.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name: string, unit: string | undefined) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return unit && typeof value === "number" ? withUnit(locale, value, unit) : String(value);
  });
}

function withUnit(locale: Locale, value: number, unit: string): string {
  return new Intl.NumberFormat(locale === "ar" ? "ar-u-nu-latn" : "en", { style: "unit", unit, unitDisplay: "long" }).format(value);
}

/**
 * THE language of a request's messages (the one definition): an explicit `x-locale` header, then the site's NEXT_LOCALE
 * cookie (the language the visitor chose on the site), then the best of en/ar in Accept-Language; en by default.
 * A route's `Request`, or a Node request where the custom server answers before Next (the notification socket's
 * upgrade, failures, refused methods).
 */
/** The headers a request carries: web Headers (or any reader with `get`, server/http/api-request.ts), or Node's. */
type RequestHeaders = { get(name: string): string | null } | IncomingHttpHeaders;

export function localeOf(request: { headers: RequestHeaders }): Locale {
  const header = headerOf(request);
  const explicit = header("x-locale")?.trim().toLowerCase();
  if (isLocale(explicit)) return explicit;
  return chosenLocale(header("cookie")) ?? preferredLocale(header("accept-language")) ?? "en";
}

function headerOf(request: { headers: RequestHeaders }): (name: string) => string | undefined {
  const { headers } = request;
  if (typeof headers.get === "function") {
    const reader = headers as { get(name: string): string | null };
    return (name) => reader.get(name) ?? undefined;
  }
  const plain = headers as IncomingHttpHeaders;
  return (name) => {
    const value = plain[name];
    return Array.isArray(value) ? value.join(name === "cookie" ? "; " : ", ") : value;
  };
}

/** The language the visitor chose on the site (the NEXT_LOCALE cookie in a Cookie header), if it names one. */
export function chosenLocale(cookieHeader: string | null | undefined): Locale | undefined {
  const value = cookieValue(cookieHeader, LOCALE_COOKIE.name);
  return isLocale(value) ? value : undefined;
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

function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim().toLowerCase();
  }
  return undefined;
}
