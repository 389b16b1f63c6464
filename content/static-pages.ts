/**
 * Content of the three static information pages (FAQ, Terms of Service, Privacy Policy) in both
 * site languages.
 *
 * Parity between the languages is enforced by the types: every section, FAQ group and FAQ item is
 * keyed by an id listed once below, so a missing or extra section in one language fails the type
 * check. The order on the page comes from the id lists. `static-pages.test.ts` additionally checks
 * that each entry has the same shape (paragraph/list blocks, list lengths) in both languages.
 *
 * Numbers that the spec makes public (50 MB, 2049 × 1398, 200–300 DPI, 60%) use Western digits in
 * both languages.
 */

export type Locale = "en" | "ar";
export const staticPageLocales = ["en", "ar"] as const satisfies readonly Locale[];

export type StaticPageKey = "faq" | "terms" | "privacy";

/** Public path of each page in the default locale (Arabic adds the `/ar` prefix). */
export const staticPagePaths = {
  faq: "/frequently-asked-questions",
  terms: "/terms-of-service",
  privacy: "/privacy-policy",
} as const satisfies Record<StaticPageKey, string>;

/** Machine-readable date of the last revision, for `<time dateTime>`. */
export const staticPagesUpdatedIso = "2026-11-28";

/**
 * Where the support address goes in the texts below: `getStaticPage` puts the configured one there (SUPPORT_EMAIL,
 * server/env.ts), so no address is written into the content.
 */
export const SUPPORT_EMAIL_SLOT = "{supportEmail}";

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export type ContentBlock =
  | { readonly type: "p"; readonly text: string }
  | { readonly type: "list"; readonly items: readonly string[] };

export interface SectionBody {
  readonly heading: string;
  readonly body: readonly ContentBlock[];
}

export interface FaqItemBody {
  readonly question: string;
  readonly answer: readonly ContentBlock[];
}

const termsSectionIds = [
  "acceptance",
  "eligibility",
  "roles",
  "using",
  "protection",
  "your-content",
  "review",
  "prohibited",
  "earnings",
  "premium",
  "termination",
  "disclaimers",
  "liability",
  "changes",
  "law",
  "contact",
] as const;

const privacySectionIds = [
  "scope",
  "collect",
  "cookies",
  "use",
  "sharing",
  "retention",
  "security",
  "rights",
  "children",
  "changes",
  "contact",
] as const;

const faqStructure = {
  reading: ["without-account", "favourites", "languages", "reader", "protection", "sponsored"],
  creators: ["become", "formats", "page-size", "approval", "content-rules", "earnings", "payouts", "rights"],
  account: ["create", "password", "profile", "delete", "contact"],
  premium: ["plans", "free", "charges"],
} as const;

type TermsSectionId = (typeof termsSectionIds)[number];
type PrivacySectionId = (typeof privacySectionIds)[number];
export type FaqGroupId = keyof typeof faqStructure;
type FaqItemId<G extends FaqGroupId> = (typeof faqStructure)[G][number];

interface PageHeader {
  readonly title: string;
  readonly lead: string;
  readonly updated: string;
}

interface LegalSource<Id extends string> extends PageHeader {
  readonly sections: { readonly [K in Id]: SectionBody };
}

interface FaqSource extends PageHeader {
  readonly groups: {
    readonly [G in FaqGroupId]: {
      readonly title: string;
      readonly items: { readonly [I in FaqItemId<G>]: FaqItemBody };
    };
  };
}

/** Ordered, render-ready shapes handed to `ProsePage`. */
export interface Section extends SectionBody {
  readonly id: string;
}

export interface FaqItem extends FaqItemBody {
  readonly id: string;
}

export interface FaqGroup {
  readonly id: FaqGroupId;
  readonly title: string;
  readonly items: readonly FaqItem[];
}

export interface FaqPageContent extends PageHeader {
  readonly kind: "faq";
  readonly groups: readonly FaqGroup[];
}

export interface LegalPageContent extends PageHeader {
  readonly kind: "legal";
  readonly sections: readonly Section[];
}

export type StaticPageContent = FaqPageContent | LegalPageContent;

interface StaticPageByKey {
  faq: FaqPageContent;
  terms: LegalPageContent;
  privacy: LegalPageContent;
}

export interface StaticPageUi {
  readonly eyebrow: Record<StaticPageKey, string>;
  readonly pageNames: Record<StaticPageKey, string>;
  readonly toc: string;
  readonly topics: string;
  readonly related: string;
  readonly contactTitle: string;
  readonly contactText: string;
  readonly contactCta: string;
}

// Small helpers keep the content below readable.
const p = (text: string): ContentBlock => ({ type: "p", text });
const list = (...items: string[]): ContentBlock => ({ type: "list", items });

// ---------------------------------------------------------------------------------------------
// Interface labels of the static pages
// ---------------------------------------------------------------------------------------------

export const staticPageUi: Record<Locale, StaticPageUi> = {
  en: {
    eyebrow: { faq: "Help centre", terms: "Legal", privacy: "Legal" },
    pageNames: {
      faq: "Frequently asked questions",
      terms: "Terms of Service",
      privacy: "Privacy Policy",
    },
    toc: "On this page",
    topics: "Browse topics",
    related: "Related pages",
    contactTitle: "Still have questions?",
    contactText: "Our team is happy to help. Write to us and we will usually reply within two working days.",
    contactCta: "Email support",
  },
  ar: {
    eyebrow: { faq: "مركز المساعدة", terms: "الشؤون القانونية", privacy: "الشؤون القانونية" },
    pageNames: {
      faq: "الأسئلة الشائعة",
      terms: "شروط الخدمة",
      privacy: "سياسة الخصوصية",
    },
    toc: "محتويات الصفحة",
    topics: "تصفّح المواضيع",
    related: "صفحات ذات صلة",
    contactTitle: "هل لديك سؤال آخر؟",
    contactText: "يسعد فريقنا مساعدتك. راسلنا وسنرد عليك عادةً خلال يومَي عمل.",
    contactCta: "راسل فريق الدعم",
  },
};

// ---------------------------------------------------------------------------------------------
// Frequently asked questions
// ---------------------------------------------------------------------------------------------

const faq: Record<Locale, FaqSource> = {
  en: {
    title: "Frequently asked questions",
    lead: "Everything you need to know about reading on MangaNova, publishing your own manga, managing your account and our upcoming premium plans.",
    updated: "Last updated: 28 November 2026",
    groups: {
      reading: {
        title: "Reading",
        items: {
          "without-account": {
            question: "Do I need an account to read manga?",
            answer: [
              p("To start reading from the site, yes: a free account. Browsing the catalogue, searching and opening a manga's page are open to everyone, but on a manga's page the Start reading button and the chapters in its list take visitors to the sign-in page first."),
              p("A link to a chapter that someone shares with you opens in the reader without an account, except premium chapters, which need a Premium or PremiumPlus plan. An account also lets you save favourites, pick up where you left off and get notified when new chapters arrive."),
            ],
          },
          favourites: {
            question: "How do I save a manga to my favourites?",
            answer: [
              p("Tap the heart on a manga's cover or on its page. Favourites belong to your account, so you need to be signed in; if you are not, we take you to the sign-in page first."),
              p("Every title you save is collected under Favourites in your dashboard, and the number of favourites a manga receives helps other readers discover it."),
            ],
          },
          languages: {
            question: "Which languages is MangaNova available in?",
            answer: [
              p("The whole site is available in English and Arabic. Use the language switcher in the header to change it at any time; the Arabic interface reads from right to left with a typeface designed for Arabic script, and your device remembers your choice."),
              p("The language of each manga is chosen by its creator, so you may find series published in different languages whichever interface language you use."),
            ],
          },
          reader: {
            question: "What reading modes does the reader offer?",
            answer: [
              p("You can read one page at a time, two pages side by side (on screens at least 768 pixels wide) or scroll vertically through the whole chapter. The reader also offers zoom, fit options and full-screen mode, and shows how far you are through the chapter. On a keyboard:"),
              list(
                "Left and right arrow keys: turn the page in the manga's reading direction (in a right-to-left manga, the left arrow goes forward)",
                "F: switch full screen on or off",
                "+ and \u2212: zoom in or out",
                "R: reset the zoom",
                "Esc: leave full screen or close open menus and panels",
              ),
            ],
          },
          protection: {
            question: "Why did the page go dark, and why can't I take screenshots?",
            answer: [
              p("To protect creators' work, the reader prevents copying. Right-clicking is disabled, pages carry a faint watermark with your username, the page is blurred while you are in another tab or window, and screenshot or developer-tool shortcuts hide the content for a little under a minute."),
              p("If the screen goes dark unexpectedly, wait a moment and carry on reading. Sharing a link to a chapter is always welcome; sharing copies of its pages is not."),
            ],
          },
          sponsored: {
            question: "Why do I see sponsored messages while reading?",
            answer: [
              p("Short sponsored messages appear at the start, middle and end of a chapter, except for PremiumPlus subscribers. They keep MangaNova free to read and they fund our creators: 60% of net advertising income goes to the people who make the manga you enjoy."),
            ],
          },
        },
      },
      creators: {
        title: "Creators",
        items: {
          become: {
            question: "How do I become a creator?",
            answer: [
              p("Choose Writer when you register, or when you are asked to select a role after signing in. Writer accounts are for people aged 18 or over; younger creators can publish only through an account managed by a parent or legal guardian."),
              p("During registration you accept our Terms of Service, Privacy Policy and content safety guidelines and confirm the age requirement. Once your account is ready, the creator tools appear in your dashboard."),
            ],
          },
          formats: {
            question: "What can I upload?",
            answer: [
              p("Each chapter can be uploaded either as a single PDF file of at most 50 MB or as a set of image pages in JPEG, PNG, WebP or GIF format, each at most 15 MB."),
              p("We turn every upload into web-optimised pages, so readers get sharp, fast-loading images on phones and computers alike. If a PDF is larger than 50 MB, split the chapter into parts or export it at a lower resolution within the recommended range."),
            ],
          },
          "page-size": {
            question: "What page size and resolution should I use?",
            answer: [
              p("We recommend pages of 2049 × 1398 pixels at 200–300 DPI. Pages prepared this way stay crisp in every reading mode, including zoom and full screen, while keeping file sizes reasonable."),
              list(
                "Keep every page of a chapter the same size and orientation.",
                "Leave a small safe margin so that speech bubbles and text are not cut off on narrow screens.",
                "Export in RGB colour; CMYK files prepared for print can look dull on screen.",
              ),
            ],
          },
          approval: {
            question: "How are submitted manga approved?",
            answer: [
              p("Every new manga and chapter is reviewed by the site's administrators before it becomes public, except new chapters of writers the administrators have marked as trusted, which are accepted on upload. While it is being reviewed its status is Pending; it then becomes Accepted and appears in the catalogue, or Rejected."),
              p("You receive a notification either way. When a submission is rejected, the administrators usually add a note explaining what to change, so you can update your work and submit it again."),
            ],
          },
          "content-rules": {
            question: "What content is allowed?",
            answer: [
              p("You may publish your own original work, or work you hold the rights to publish. The following is never allowed:"),
              list(
                "Work copied from other artists, publishers or scanlation groups",
                "Sexual content involving minors in any form, and sexually explicit material",
                "Hate speech, harassment, or content that encourages violence against real people or groups",
                "Other people's personal information shared without their consent",
                "Spam, misleading titles or covers, and links to malware",
              ),
              p("The full rules are in our Terms of Service. Content that breaks them is removed, and repeated or serious violations lead to the account being closed."),
            ],
          },
          earnings: {
            question: "How do creators earn money?",
            answer: [
              p("Creators receive 60% of the net advertising income generated by their chapters. Net income is what remains after ad-serving costs, payment processing fees and any applicable taxes have been deducted."),
              p("Earnings reflect genuine reader activity: a view is counted when a reader spends at least 10 seconds on a chapter, and automated or artificial views are excluded."),
            ],
          },
          payouts: {
            question: "How do I receive my payouts?",
            answer: [
              p("Payouts are sent through a payment transfer service. Enter the e-mail address of your payment transfer account in the creator dashboard and we send your earnings to it."),
              p("Make sure the address is correct and the account can receive payments: transfers sent to a mistyped address cannot be recovered. Your payout history is shown in your dashboard."),
            ],
          },
          rights: {
            question: "Do I keep the rights to my work?",
            answer: [
              p("Yes. You keep full ownership of everything you publish. By uploading, you give MangaNova a licence to store, display and promote your work on the platform, which ends when you remove it. The Terms of Service explain the details."),
            ],
          },
        },
      },
      account: {
        title: "Account",
        items: {
          create: {
            question: "How do I create an account?",
            answer: [
              p("Select Register in the header, choose whether to join as a Reader or a Writer, and enter your name, username, e-mail address, password and date of birth. We then e-mail you a link to verify your address."),
              p("Your password must be at least 6 characters long and include at least one uppercase letter and one symbol."),
            ],
          },
          password: {
            question: "I forgot my password. What should I do?",
            answer: [
              p("Select Forgot Password on the sign-in page and enter your e-mail address. If an account exists for it, we send you a link to choose a new password. For your security the link expires after 30 minutes and works only once."),
            ],
          },
          profile: {
            question: "How do I update my profile?",
            answer: [
              p("Open your dashboard and choose Profile from the menu under your avatar. There you can change your full name, profile picture, language and theme, change your password, see where you are signed in, download a copy of your data or delete your account."),
            ],
          },
          delete: {
            question: "How can I delete my account?",
            answer: [
              p("Yourself, at any time: open Profile in your dashboard, choose Delete my account and confirm with your password. The account is deleted at once and this cannot be undone: you are signed out everywhere and can no longer sign in. Before you delete it, Download my data on the same page gives you a copy of what we keep about you."),
              p("We remove your name, username, e-mail address, date of birth, profile picture, password, payout address, favourites, reading progress, notifications and sessions, and any subscription ends. If you are a creator, your manga and chapters stay on the site, shown as by \u201cDeleted user\u201d; delete them first in your dashboard if you want them gone. Payment and subscription records are kept for our accounts."),
            ],
          },
          contact: {
            question: "How can I contact the MangaNova team?",
            answer: [
              p("Write to us at {supportEmail}. We answer most messages within two working days, in English or Arabic."),
              p("To report a manga or a chapter that infringes your rights or breaks our rules, sign in and use the Report button on its page or in the reader; the moderators review every report. Without an account, write to us with a link to the content and a short explanation."),
            ],
          },
        },
      },
      premium: {
        title: "Premium",
        items: {
          plans: {
            question: "What are Premium and PremiumPlus?",
            answer: [
              p("Premium and PremiumPlus are MangaNova's two subscription plans, and they are coming soon: they cannot be bought yet. Premium opens every premium chapter (chapters marked with a lock); PremiumPlus also removes the sponsored messages from the reader. The Premium section of your dashboard shows what each plan includes, and prices will be announced there before the plans go on sale."),
            ],
          },
          free: {
            question: "Will MangaNova stay free to read?",
            answer: [
              p("Yes. Reading on MangaNova stays free and is supported by advertising; only chapters marked premium, shown with a lock, need a plan. The premium plans will be optional extras for readers who want more, and they will help support creators too."),
            ],
          },
          charges: {
            question: "Will I be charged for anything today?",
            answer: [
              p("No. The premium plans cannot be bought yet, so we take no payments. When they go on sale, nothing will be charged unless you choose a plan and confirm the purchase yourself."),
            ],
          },
        },
      },
    },
  },
  ar: {
    title: "الأسئلة الشائعة",
    lead: "كل ما تحتاج إلى معرفته عن القراءة في مانجا نوفا، ونشر أعمالك الخاصة، وإدارة حسابك، وخطط الاشتراك المميزة القادمة.",
    updated: "آخر تحديث: 28 نوفمبر 2026",
    groups: {
      reading: {
        title: "القراءة",
        items: {
          "without-account": {
            question: "هل أحتاج إلى حساب لقراءة المانجا؟",
            answer: [
              p("نعم، لبدء القراءة من الموقع تحتاج إلى حساب مجاني. فتصفّح الكتالوج والبحث عن الأعمال وفتح صفحة أي مانجا متاحة للجميع، لكن زر «ابدأ القراءة» وفصول القائمة في صفحة المانجا تنقل الزائر أولًا إلى صفحة تسجيل الدخول."),
              p("أما رابط الفصل الذي يشاركه معك أحدهم فيُفتح في القارئ دون حساب، ما عدا الفصول المميزة التي لا تُفتح إلا باشتراك بريميوم أو بريميوم بلس. ويتيح لك الحساب كذلك حفظ أعمالك المفضلة، ومتابعة القراءة من حيث توقفت، وتلقّي إشعار عند صدور فصول جديدة."),
            ],
          },
          favourites: {
            question: "كيف أضيف مانجا إلى المفضلة؟",
            answer: [
              p("اضغط على أيقونة القلب الظاهرة على غلاف المانجا أو في صفحتها. ترتبط المفضلة بحسابك، لذا يلزمك تسجيل الدخول، وإن لم تكن مسجّلًا فسننقلك أولًا إلى صفحة تسجيل الدخول."),
              p("تجد كل الأعمال التي حفظتها في قسم «المفضلة» داخل لوحة التحكم، ويساعد عدد مرات إضافة المانجا إلى المفضلة القرّاءَ الآخرين على اكتشافها."),
            ],
          },
          languages: {
            question: "ما اللغات التي يتوفر بها موقع مانجا نوفا؟",
            answer: [
              p("يتوفر الموقع كاملًا باللغتين العربية والإنجليزية، ويمكنك التبديل بينهما في أي وقت من مبدّل اللغة أعلى الصفحة. تُعرض الواجهة العربية من اليمين إلى اليسار بخطٍّ مصمَّم للحرف العربي، ويتذكر جهازك اختيارك."),
              p("أما لغة المانجا نفسها فيحددها مبدعها، لذا قد تجد أعمالًا منشورة بلغات مختلفة أيًّا كانت لغة الواجهة التي تستخدمها."),
            ],
          },
          reader: {
            question: "ما أوضاع القراءة التي يوفرها القارئ؟",
            answer: [
              p("يمكنك قراءة صفحة واحدة في كل مرة، أو صفحتين متجاورتين (على الشاشات التي لا يقل عرضها عن 768 بكسل)، أو التمرير عموديًا عبر الفصل كاملًا. ويتيح القارئ كذلك التكبير وخيارات ملاءمة الصفحة ووضع ملء الشاشة، ويعرض مدى تقدّمك في الفصل. ومن لوحة المفاتيح:"),
              list(
                "مفتاحا السهمين الأيمن والأيسر: تقليب الصفحات في اتجاه قراءة المانجا (في المانجا التي تُقرأ من اليمين إلى اليسار ينقلك السهم الأيسر إلى الصفحة التالية)",
                "F: تشغيل وضع ملء الشاشة أو إيقافه",
                "\u2068+\u2069 و\u2068\u2212\u2069: التكبير أو التصغير",
                "R: إعادة ضبط التكبير",
                "Esc: الخروج من ملء الشاشة أو إغلاق القوائم واللوحات المفتوحة",
              ),
            ],
          },
          protection: {
            question: "لماذا أظلمت الصفحة، ولماذا لا أستطيع التقاط لقطة للشاشة؟",
            answer: [
              p("حمايةً لأعمال المبدعين، يمنع القارئ نسخ المحتوى: فالنقر بزر الفأرة الأيمن معطّل، وتحمل الصفحات علامة مائية خفيفة باسم المستخدم الخاص بك، وتُموَّه الصفحة ما دمت في تبويب أو نافذة أخرى، كما يؤدي استخدام اختصارات لقطة الشاشة أو أدوات المطوّرين إلى إخفاء المحتوى مدةً تقل قليلًا عن دقيقة."),
              p("إذا أظلمت الشاشة دون سبب واضح فانتظر لحظات ثم تابع القراءة. نرحّب دائمًا بمشاركة رابط الفصل، أما مشاركة نسخ من صفحاته فغير مسموح بها."),
            ],
          },
          sponsored: {
            question: "لماذا تظهر لي رسائل إعلانية أثناء القراءة؟",
            answer: [
              p("تظهر رسائل إعلانية قصيرة في بداية الفصل ومنتصفه ونهايته، إلا لمشتركي بريميوم بلس، وهي ما يُبقي القراءة في مانجا نوفا مجانية ويموّل مبدعينا: إذ يذهب 60% من صافي دخل الإعلانات إلى صنّاع المانجا التي تستمتع بها."),
            ],
          },
        },
      },
      creators: {
        title: "المبدعون",
        items: {
          become: {
            question: "كيف أصبح مبدعًا على المنصة؟",
            answer: [
              p("اختر «كاتب» عند التسجيل، أو عندما يُطلب منك اختيار دورك بعد تسجيل الدخول. حسابات الكتّاب مخصّصة لمن بلغوا 18 عامًا فأكثر، ولا يمكن لمن هم أصغر سنًا النشر إلا من خلال حساب يديره أحد الوالدين أو وليّ أمر قانوني."),
              p("ستوافق أثناء التسجيل على شروط الخدمة وسياسة الخصوصية وإرشادات سلامة المحتوى، وتؤكد استيفاءك لشرط السن. وبمجرد تجهيز حسابك تظهر أدوات النشر في لوحة التحكم."),
            ],
          },
          formats: {
            question: "ما الملفات التي يمكنني رفعها؟",
            answer: [
              p("يمكن رفع كل فصل إما في ملف PDF واحد لا يتجاوز حجمه 50 ميغابايت (MB)، وإما على شكل مجموعة من صور الصفحات بصيغة JPEG أو PNG أو WebP أو GIF، لا يتجاوز حجم كل صورة منها \u200f15 ميغابايت."),
              // The right-to-left mark keeps "50" from joining the Latin "PDF" in an LTR run.
              p("نحوّل كل ملف مرفوع إلى صفحات مهيّأة للويب، فيحصل القرّاء على صور واضحة وسريعة التحميل على الهاتف والحاسوب على حدٍّ سواء. وإذا تجاوز حجم ملف PDF \u200f50 ميغابايت، فقسّم الفصل إلى أجزاء أو صدّره بدقة أقل ضمن النطاق الموصى به."),
            ],
          },
          "page-size": {
            question: "ما مقاس الصفحة والدقة الموصى بهما؟",
            answer: [
              p("نوصي بصفحات مقاسها 2049 × 1398 بكسل، بدقة تتراوح بين 200 و300 نقطة في البوصة (DPI). تبقى الصفحات المعدّة بهذه الطريقة واضحة في جميع أوضاع القراءة، بما فيها التكبير وملء الشاشة، مع الحفاظ على أحجام ملفات معقولة."),
              list(
                "اجعل جميع صفحات الفصل بالمقاس والاتجاه نفسيهما.",
                "اترك هامشًا آمنًا صغيرًا حتى لا تُقتطع فقاعات الحوار والنصوص على الشاشات الضيقة.",
                "صدّر الملفات بنظام الألوان RGB، فملفات الطباعة المعدّة بنظام CMYK قد تبدو باهتة على الشاشة.",
              ),
            ],
          },
          approval: {
            question: "كيف تتم الموافقة على الأعمال المرسلة؟",
            answer: [
              p("يراجع مشرفو الموقع كل مانجا وكل فصل جديد قبل إتاحته للعموم، باستثناء الفصول الجديدة للكتّاب الذين يعدّهم المشرفون موثوقين، إذ تُقبل فور رفعها. تكون حالة العمل أثناء المراجعة «قيد المراجعة»، ثم تصبح «مقبول» فيظهر في الكتالوج، أو «مرفوض»."),
              p("يصلك إشعار في الحالتين. وعند الرفض يرفق المشرفون عادةً ملاحظة توضّح ما يلزم تعديله، لتتمكن من تحديث عملك وإرساله من جديد."),
            ],
          },
          "content-rules": {
            question: "ما المحتوى المسموح بنشره؟",
            answer: [
              p("يمكنك نشر أعمالك الأصلية، أو الأعمال التي تملك حق نشرها. ولا يُسمح مطلقًا بما يلي:"),
              list(
                "الأعمال المنسوخة من فنانين أو ناشرين آخرين أو من فرق الترجمة غير الرسمية",
                "أي محتوى جنسي يتعلق بالقُصَّر بأي شكل كان، والمواد الجنسية الصريحة",
                "خطاب الكراهية والتحرش، والمحتوى الذي يحرّض على العنف ضد أشخاص أو جماعات حقيقية",
                "نشر المعلومات الشخصية للآخرين دون موافقتهم",
                "الرسائل المزعجة، والعناوين أو الأغلفة المضللة، والروابط إلى برمجيات خبيثة",
              ),
              p("تجد القواعد كاملةً في شروط الخدمة. يُحذف المحتوى المخالف لها، وتؤدي المخالفات المتكررة أو الجسيمة إلى إغلاق الحساب."),
            ],
          },
          earnings: {
            question: "كيف يربح المبدعون من أعمالهم؟",
            answer: [
              p("يحصل المبدعون على 60% من صافي دخل الإعلانات الذي تحققه فصولهم. ويُقصد بصافي الدخل ما يتبقى بعد خصم تكاليف عرض الإعلانات ورسوم معالجة المدفوعات وأي ضرائب مستحقة."),
              p("تعكس الأرباح نشاط القرّاء الحقيقي: إذ تُحتسب المشاهدة حين يقضي القارئ 10 ثوانٍ على الأقل في الفصل، وتُستبعد المشاهدات الآلية أو المصطنعة."),
            ],
          },
          payouts: {
            question: "كيف أستلم أرباحي؟",
            answer: [
              p("تُرسَل الأرباح عبر خدمة لتحويل الأموال. أدخل عنوان البريد الإلكتروني المرتبط بحسابك في خدمة التحويل ضمن لوحة تحكم المبدع، وسنحوّل أرباحك إليه."),
              p("تأكد من صحة العنوان ومن قدرة الحساب على استقبال المدفوعات، إذ لا يمكن استرداد التحويلات المرسلة إلى عنوان أُدخل بشكل خاطئ. ويظهر سجل مدفوعاتك في لوحة التحكم."),
            ],
          },
          rights: {
            question: "هل أحتفظ بحقوق أعمالي؟",
            answer: [
              p("نعم. تحتفظ بالملكية الكاملة لكل ما تنشره. وبرفعك لعملك تمنح مانجا نوفا ترخيصًا لتخزينه وعرضه والترويج له على المنصة، وينتهي هذا الترخيص عند حذفك للعمل. وتوضّح شروط الخدمة التفاصيل كاملة."),
            ],
          },
        },
      },
      account: {
        title: "الحساب",
        items: {
          create: {
            question: "كيف أنشئ حسابًا؟",
            answer: [
              p("اختر «التسجيل» من أعلى الصفحة، وحدّد ما إذا كنت تريد الانضمام قارئًا أو كاتبًا، ثم أدخل اسمك واسم المستخدم وبريدك الإلكتروني وكلمة المرور وتاريخ ميلادك. بعد ذلك نرسل إليك رسالة تتضمن رابطًا لتأكيد بريدك الإلكتروني."),
              p("يجب ألا تقل كلمة المرور عن 6 أحرف، وأن تتضمن حرفًا لاتينيًا كبيرًا واحدًا ورمزًا واحدًا على الأقل."),
            ],
          },
          password: {
            question: "نسيت كلمة المرور، فماذا أفعل؟",
            answer: [
              p("اختر «نسيت كلمة المرور» في صفحة تسجيل الدخول وأدخل بريدك الإلكتروني. إن كان هناك حساب مرتبط به فسنرسل إليك رابطًا لاختيار كلمة مرور جديدة. وحرصًا على أمانك، تنتهي صلاحية الرابط بعد 30 دقيقة ولا يمكن استخدامه إلا مرة واحدة."),
            ],
          },
          profile: {
            question: "كيف أعدّل بيانات ملفي الشخصي؟",
            answer: [
              p("افتح لوحة التحكم واختر «الملف الشخصي» من القائمة أسفل صورتك الرمزية، وستتمكن هناك من تعديل اسمك الكامل وصورتك الشخصية ولغتك ومظهر الموقع، وتغيير كلمة المرور، ومعرفة الأجهزة التي سجّلت الدخول منها، وتنزيل نسخة من بياناتك أو حذف حسابك."),
            ],
          },
          delete: {
            question: "كيف أحذف حسابي؟",
            answer: [
              p("بنفسك وفي أي وقت: افتح «الملف الشخصي» في لوحة التحكم، واختر «حذف حسابي» ثم أكّد ذلك بكلمة المرور. يُحذف الحساب فورًا ولا يمكن التراجع عن ذلك، فيُسجَّل خروجك من كل الأجهزة ولا يعود بإمكانك تسجيل الدخول. وقبل الحذف يمكنك الحصول على نسخة مما نحتفظ به عنك عبر «تنزيل بياناتي» في الصفحة نفسها."),
              p("نحذف اسمك واسم المستخدم وبريدك الإلكتروني وتاريخ ميلادك وصورتك الشخصية وكلمة المرور وعنوان استلام المدفوعات ومفضلتك وتقدّمك في القراءة وإشعاراتك وجلساتك، وينتهي أي اشتراك لديك. وإذا كنت مبدعًا فتبقى أعمالك وفصولها على الموقع منسوبةً إلى «مستخدم محذوف»، فاحذفها أولًا من لوحة التحكم إن أردت إزالتها. ونحتفظ بسجلات المدفوعات والاشتراكات لأغراض المحاسبة."),
            ],
          },
          contact: {
            question: "كيف أتواصل مع فريق مانجا نوفا؟",
            answer: [
              p("راسلنا على {supportEmail}. نرد على معظم الرسائل خلال يومَي عمل، بالعربية أو الإنجليزية."),
              p("للإبلاغ عن مانجا أو فصل ينتهك حقوقك أو يخالف قواعدنا، سجّل الدخول واستخدم زر «إبلاغ» في صفحته أو في القارئ، ويراجع المشرفون كل بلاغ. وإن لم يكن لديك حساب، فراسلنا مرفقًا رابط المحتوى مع شرح موجز."),
            ],
          },
        },
      },
      premium: {
        title: "الاشتراك المميز",
        items: {
          plans: {
            question: "ما خطتا بريميوم وبريميوم بلس؟",
            answer: [
              p("بريميوم وبريميوم بلس هما خطتا الاشتراك في مانجا نوفا، وهما قادمتان قريبًا ولا يمكن شراؤهما بعد. تفتح خطة بريميوم كل الفصول المميزة (وهي الفصول التي تحمل قفلًا)، وتزيل خطة بريميوم بلس فوق ذلك الرسائل الإعلانية من القارئ. ويعرض قسم الاشتراك المميز في لوحة التحكم مزايا كل خطة، وسنعلن فيه عن الأسعار قبل طرح الخطتين للبيع."),
            ],
          },
          free: {
            question: "هل ستبقى القراءة في مانجا نوفا مجانية؟",
            answer: [
              p("نعم. تبقى القراءة في مانجا نوفا مجانية بدعمٍ من الإعلانات، ولا تحتاج إلى اشتراك إلا الفصول المميزة التي تحمل قفلًا. وستكون الخطط المميزة إضافات اختيارية للقرّاء الراغبين في المزيد، وستسهم كذلك في دعم المبدعين."),
            ],
          },
          charges: {
            question: "هل سيُخصم مني أي مبلغ حاليًا؟",
            answer: [
              p("لا. لا يمكن شراء الخطط المميزة بعد، لذلك لا نتقاضى أي مدفوعات. وعند طرحها للبيع لن يُخصم منك أي مبلغ ما لم تختر خطة وتؤكد عملية الشراء بنفسك."),
            ],
          },
        },
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Terms of Service
// ---------------------------------------------------------------------------------------------

const terms: Record<Locale, LegalSource<TermsSectionId>> = {
  en: {
    title: "Terms of Service",
    lead: "The rules for using MangaNova as a reader or a creator: your rights and responsibilities, and what you can expect from us.",
    updated: "Last updated: 28 November 2026",
    sections: {
      acceptance: {
        heading: "About these terms",
        body: [
          p("These Terms of Service (the \u201cTerms\u201d) govern your use of MangaNova, including the website, the online reader, the creator tools and any related services (together, the \u201cService\u201d). By creating an account or using the Service, you agree to these Terms and to our Privacy Policy. If you do not agree, please do not use the Service."),
          p("Some features, such as premium plans, may come with additional terms that we show you before you use them. Where those terms conflict with these Terms, the additional terms apply to that feature."),
        ],
      },
      eligibility: {
        heading: "Eligibility and accounts",
        body: [
          p("You can browse the catalogue without an account, and a chapter shared with you by link opens without one. To start reading from a manga's page, save favourites, receive notifications, report content or publish, you need to register and keep your account details accurate and up to date."),
          list(
            "Readers must be at least 13 years old. If you are under the age of majority where you live, you may use the Service only with the permission of a parent or legal guardian.",
            "Writer accounts are available to people aged 18 or over. Younger creators may publish only through an account managed by a parent or legal guardian, who accepts these Terms on their behalf and is responsible for the account.",
            "You are responsible for keeping your password confidential and for all activity under your account. Tell us immediately at {supportEmail} if you suspect unauthorised access.",
            "You may not create several accounts to get around a suspension, manipulate views or favourites, or collect payouts more than once.",
          ),
        ],
      },
      roles: {
        heading: "Reader and writer roles",
        body: [
          p("You choose a role when you register. Readers can read, save favourites and receive notifications. Writers can also create manga, upload chapters, submit them for review and earn a share of advertising income."),
          p("MangaNova's own team uses administrative roles to review submissions, manage users and maintain the site. We may ask you to confirm your role or date of birth before you continue using the Service, and we may change a role that was chosen in breach of these Terms."),
        ],
      },
      using: {
        heading: "Using the Service",
        body: [
          p("We grant you a personal, non-exclusive, non-transferable and revocable right to access the Service and read its content for your own non-commercial enjoyment. When using the Service, you agree not to:"),
          list(
            "break the law or infringe anyone's intellectual property, privacy or other rights;",
            "harass, threaten or impersonate other users, creators or our staff;",
            "interfere with the Service's security, probe it for vulnerabilities or overload it;",
            "create fake views, favourites or accounts, or otherwise manipulate statistics and earnings;",
            "sell, rent or resell access to the Service or its content.",
          ),
        ],
      },
      protection: {
        heading: "Content protection",
        body: [
          p("The manga on MangaNova belong to their creators and are made available for reading on the Service only. You must not copy, download, record, reproduce or redistribute them in any way, including by:"),
          list(
            "taking screenshots or screen recordings of chapter pages;",
            "saving, printing or extracting page images or files;",
            "using bots, scrapers, crawlers or other automated tools to access or collect content;",
            "circumventing, disabling or tampering with our protection measures, including watermarks.",
          ),
          p("To enforce this, the reader displays a watermark with your username, disables right-click, blurs pages when its window loses focus and temporarily hides content when screenshot or developer-tool shortcuts are detected. Attempts to work around these measures may lead to the suspension of your account."),
        ],
      },
      "your-content": {
        heading: "Your content and the licence you give us",
        body: [
          p("Writers keep all ownership rights in the manga, chapters, covers, descriptions and other material they upload (\u201cYour Content\u201d). Nothing in these Terms transfers ownership of Your Content to us."),
          p("By uploading Your Content, you grant MangaNova a worldwide, non-exclusive, royalty-free licence, for as long as Your Content remains on the Service, to host, store, reproduce and adapt it (for example by converting PDF files into images, resizing pages and creating thumbnails), to display and distribute it on the Service, and to use its cover, title and excerpts to promote it on the Service and on MangaNova's social media channels. The licence ends when you delete Your Content, except for copies held in backups for a limited period and promotional material already published. Deleting your account does not delete Your Content: it stays on the Service, shown as by \u201cDeleted user\u201d, unless you delete it first."),
          p("You confirm that you own Your Content or hold all the rights needed to grant this licence, and that publishing it does not infringe anyone else's rights."),
        ],
      },
      review: {
        heading: "Submission and review",
        body: [
          p("All manga and chapters are reviewed by the site's administrators before publication, except new chapters of writers we have marked as trusted, which are accepted on upload. We may accept or reject a submission, ask for changes or remove content that has already been published, at our discretion and in line with these Terms. When we reject or remove content, we will usually tell you why."),
          p("Approval does not mean that we endorse the content or confirm that it complies with the law; you remain responsible for what you publish."),
        ],
      },
      prohibited: {
        heading: "Prohibited content",
        body: [
          p("You must not upload, publish or link to content that:"),
          list(
            "infringes copyright, trademarks or other rights, including unofficial translations or scans of other publishers' works;",
            "depicts minors in a sexual way in any form, or is sexually explicit;",
            "promotes hatred, violence or discrimination against people because of who they are, or glorifies terrorism or self-harm;",
            "harasses or defames real people or reveals their personal information;",
            "contains malware, spam, hidden advertising, or misleading titles, covers or genre labels;",
            "is otherwise unlawful in the country where you live or where the Service is offered.",
          ),
          p("If you believe that content on MangaNova infringes your rights, report it with the Report button on its page or in the reader, or write to {supportEmail} with a link to the content, a description of your work and your contact details. We review every report and remove infringing content promptly."),
        ],
      },
      earnings: {
        heading: "Creator earnings and payouts",
        body: [
          p("Writers whose chapters are published receive 60% of the net advertising income generated by those chapters. Net advertising income means the advertising revenue attributable to your chapters after deducting ad-serving costs, payment processing fees and applicable taxes."),
          list(
            "Earnings are calculated from genuine reader activity. Views and income produced by bots, self-viewing schemes or any other manipulation are excluded and may be withheld.",
            "Payouts are made through a payment transfer service to the e-mail address you enter in the creator dashboard. You are responsible for keeping that address correct, and we are not liable for payments sent to an address you provided.",
            "You are responsible for declaring and paying any taxes due on your earnings.",
            "We may change the revenue share or payout terms for the future by giving you at least 30 days' notice. Earnings accrued before a change are paid at the previous rate.",
          ),
        ],
      },
      premium: {
        heading: "Premium plans",
        body: [
          p("We plan to offer two paid subscription plans, Premium and PremiumPlus. They are coming soon and cannot be purchased yet. Prices, features, billing and cancellation terms will be shown to you before you subscribe, and nothing will be charged without your explicit confirmation."),
        ],
      },
      termination: {
        heading: "Suspension and termination",
        body: [
          p("You may stop using the Service at any time and delete your account yourself from your profile. The manga you published then stay on the Service, shown as by \u201cDeleted user\u201d, unless you delete them first (see \u201cYour content and the licence you give us\u201d)."),
          p("We may suspend or close your account, remove content or withhold unpaid earnings linked to a breach if you seriously or repeatedly break these Terms, if the law requires us to, or to protect other users, creators or the Service. Where appropriate, we tell you the reason and give you a chance to respond. Amounts earned legitimately and unaffected by a breach are still paid."),
        ],
      },
      disclaimers: {
        heading: "Disclaimers",
        body: [
          p("We work hard to keep MangaNova available and secure, but the Service is provided \u201cas is\u201d and \u201cas available\u201d. We do not guarantee that it will be uninterrupted or error-free, that any particular manga will remain available, or that content published by creators is accurate or suitable for every reader. Creators' views are their own and not those of MangaNova."),
        ],
      },
      liability: {
        heading: "Limitation of liability",
        body: [
          p("To the extent permitted by law, MangaNova is not liable for indirect or consequential losses, for loss of data, profits or opportunities, or for content published by users. Our total liability to you for any claim relating to the Service is limited to the greater of 100 US dollars and the amounts paid between you and us in the twelve months before the claim."),
          p("Nothing in these Terms limits liability that cannot be limited by law, such as liability for fraud, or affects your statutory rights as a consumer."),
        ],
      },
      changes: {
        heading: "Changes to the Service and these Terms",
        body: [
          p("We may update the Service and these Terms from time to time. When we make material changes, we notify you on the site or by e-mail at least 30 days before they take effect. If you keep using the Service after that date, the updated Terms apply; if you do not agree with them, you may close your account."),
        ],
      },
      law: {
        heading: "Governing law and disputes",
        body: [
          p("These Terms are governed by the laws that apply where MangaNova is established, without depriving you of the protection of the mandatory laws of the country where you live. We always try to resolve disagreements informally first, so please contact us before starting any formal proceedings."),
        ],
      },
      contact: {
        heading: "Contact us",
        body: [
          p("Questions about these Terms? Write to {supportEmail} and we will be glad to help."),
        ],
      },
    },
  },
  ar: {
    title: "شروط الخدمة",
    lead: "القواعد التي تحكم استخدامك لمانجا نوفا قارئًا كنت أم مبدعًا: حقوقك ومسؤولياتك، وما يمكنك أن تتوقعه منا.",
    updated: "آخر تحديث: 28 نوفمبر 2026",
    sections: {
      acceptance: {
        heading: "عن هذه الشروط",
        body: [
          p("تحكم شروط الخدمة هذه («الشروط») استخدامك لمانجا نوفا، بما في ذلك الموقع والقارئ الإلكتروني وأدوات المبدعين وأي خدمات مرتبطة بها (ويُشار إليها مجتمعةً بـ«الخدمة»). وبإنشائك حسابًا أو استخدامك للخدمة فإنك توافق على هذه الشروط وعلى سياسة الخصوصية الخاصة بنا. وإن لم توافق عليها، فيُرجى عدم استخدام الخدمة."),
          p("قد تخضع بعض المزايا، كالخطط المميزة، لشروط إضافية نعرضها عليك قبل استخدامها. وإذا تعارضت تلك الشروط مع هذه الشروط، سرت الشروط الإضافية على الميزة المعنية."),
        ],
      },
      eligibility: {
        heading: "الأهلية والحسابات",
        body: [
          p("يمكنك تصفّح الكتالوج دون حساب، كما يُفتح دون حساب الفصل الذي يُشارَك معك برابط. أما بدء القراءة من صفحة المانجا وحفظ المفضلة وتلقّي الإشعارات والإبلاغ عن المحتوى والنشر فتتطلب التسجيل، مع الحرص على أن تبقى بيانات حسابك دقيقة ومحدّثة."),
          list(
            "يجب ألا يقل عمر القارئ عن 13 عامًا. وإذا كنت دون سن الرشد في بلدك، فلا يجوز لك استخدام الخدمة إلا بإذن أحد والديك أو وليّ أمرك القانوني.",
            "حسابات الكتّاب متاحة لمن بلغوا 18 عامًا فأكثر. ولا يجوز للمبدعين الأصغر سنًا النشر إلا من خلال حساب يديره أحد الوالدين أو وليّ أمر قانوني يقبل هذه الشروط نيابةً عنهم ويتحمّل مسؤولية الحساب.",
            "أنت مسؤول عن الحفاظ على سرية كلمة المرور وعن كل نشاط يجري عبر حسابك. أبلغنا فورًا على {supportEmail} إذا اشتبهت في أي دخول غير مصرّح به.",
            "لا يجوز إنشاء حسابات متعددة للتحايل على الإيقاف، أو التلاعب بالمشاهدات والمفضلة، أو الحصول على المدفوعات أكثر من مرة.",
          ),
        ],
      },
      roles: {
        heading: "دورا القارئ والكاتب",
        body: [
          p("تختار دورك عند التسجيل. يستطيع القارئ قراءة الأعمال وحفظها في المفضلة وتلقّي الإشعارات، ويستطيع الكاتب فوق ذلك إنشاء المانجا ورفع الفصول وإرسالها للمراجعة والحصول على حصة من دخل الإعلانات."),
          p("يستخدم فريق مانجا نوفا أدوارًا إدارية لمراجعة الأعمال المرسلة وإدارة المستخدمين وصيانة الموقع. وقد نطلب منك تأكيد دورك أو تاريخ ميلادك قبل متابعة استخدام الخدمة، كما يحق لنا تغيير أي دور اختير بما يخالف هذه الشروط."),
        ],
      },
      using: {
        heading: "استخدام الخدمة",
        body: [
          p("نمنحك حقًا شخصيًا غير حصري وغير قابل للتحويل وقابلًا للإلغاء في الوصول إلى الخدمة وقراءة محتواها للاستمتاع الشخصي غير التجاري. وتتعهّد عند استخدامك للخدمة بألّا:"),
          list(
            "تخالف القانون أو تنتهك حقوق الملكية الفكرية أو الخصوصية أو غيرها من حقوق الآخرين؛",
            "تتحرش بالمستخدمين أو المبدعين أو بفريقنا أو تهددهم أو تنتحل شخصياتهم؛",
            "تعبث بأمن الخدمة أو تبحث عن ثغراتها أو تثقل عليها بالطلبات؛",
            "تنشئ مشاهدات أو إضافات إلى المفضلة أو حسابات وهمية، أو تتلاعب بأي شكل آخر بالإحصاءات والأرباح؛",
            "تبيع حق الوصول إلى الخدمة أو محتواها، أو تؤجّره أو تعيد بيعه.",
          ),
        ],
      },
      protection: {
        heading: "حماية المحتوى",
        body: [
          p("المانجا المنشورة على مانجا نوفا ملكٌ لمبدعيها، وهي متاحة للقراءة على الخدمة فقط. ولا يجوز لك نسخها أو تنزيلها أو تسجيلها أو إعادة إنتاجها أو توزيعها بأي وسيلة، بما في ذلك:"),
          list(
            "التقاط لقطات الشاشة لصفحات الفصول أو تسجيلها بالفيديو؛",
            "حفظ صور الصفحات أو ملفاتها أو طباعتها أو استخراجها؛",
            "استخدام الروبوتات أو أدوات الكشط والزحف أو أي أدوات آلية أخرى للوصول إلى المحتوى أو جمعه؛",
            "التحايل على إجراءات الحماية لدينا أو تعطيلها أو العبث بها، بما فيها العلامات المائية.",
          ),
          p("ولضمان ذلك، يعرض القارئ علامة مائية تحمل اسم المستخدم الخاص بك، ويعطّل النقر بزر الفأرة الأيمن، ويموّه الصفحات عند مغادرة نافذته، ويخفي المحتوى مؤقتًا عند رصد اختصارات لقطة الشاشة أو أدوات المطوّرين. وقد تؤدي محاولات الالتفاف على هذه الإجراءات إلى إيقاف حسابك."),
        ],
      },
      "your-content": {
        heading: "محتواك والترخيص الذي تمنحه لنا",
        body: [
          p("يحتفظ الكتّاب بجميع حقوق الملكية في المانجا والفصول والأغلفة والأوصاف وغيرها من المواد التي يرفعونها («محتواك»)، ولا يترتب على هذه الشروط نقل ملكية محتواك إلينا."),
          p("برفعك لمحتواك، تمنح مانجا نوفا ترخيصًا عالميًا غير حصري ودون مقابل، طوال مدة بقاء المحتوى على الخدمة، لاستضافته وتخزينه ونسخه وتكييفه (كتحويل ملفات PDF إلى صور، وتغيير مقاسات الصفحات، وإنشاء الصور المصغّرة)، ولعرضه وتوزيعه على الخدمة، ولاستخدام غلافه وعنوانه ومقتطفات منه للترويج له على الخدمة وعلى حسابات مانجا نوفا في وسائل التواصل الاجتماعي. وينتهي الترخيص عند حذفك للمحتوى، باستثناء النسخ المحفوظة في النسخ الاحتياطية لمدة محدودة والمواد الترويجية المنشورة مسبقًا. ولا يؤدي حذف حسابك إلى حذف محتواك، إذ يبقى على الخدمة منسوبًا إلى «مستخدم محذوف» ما لم تحذفه أولًا."),
          p("وتقرّ بأنك مالك محتواك أو حائز لجميع الحقوق اللازمة لمنح هذا الترخيص، وبأن نشره لا ينتهك حقوق أي طرف آخر."),
        ],
      },
      review: {
        heading: "الإرسال والمراجعة",
        body: [
          p("يراجع مشرفو الموقع جميع المانجا والفصول قبل نشرها، باستثناء الفصول الجديدة للكتّاب الذين نعدّهم موثوقين، إذ تُقبل فور رفعها. ويحق لنا، وفق تقديرنا وبما يتفق مع هذه الشروط، قبول العمل المرسل أو رفضه أو طلب تعديلات عليه، أو حذف محتوى سبق نشره. وعند رفض المحتوى أو حذفه نوضّح لك السبب في أغلب الأحوال."),
          p("ولا تعني الموافقة على المحتوى أننا نتبنّاه أو نؤكد مطابقته للقانون، إذ تبقى أنت المسؤول عمّا تنشره."),
        ],
      },
      prohibited: {
        heading: "المحتوى المحظور",
        body: [
          p("لا يجوز لك رفع أي محتوى أو نشره أو وضع روابط إليه إذا كان:"),
          list(
            "ينتهك حقوق النشر أو العلامات التجارية أو غيرها من الحقوق، بما في ذلك الترجمات غير الرسمية أو النسخ الممسوحة ضوئيًا من أعمال ناشرين آخرين؛",
            "يصوّر القُصَّر بطابع جنسي بأي شكل كان، أو يتضمن محتوى جنسيًا صريحًا؛",
            "يروّج للكراهية أو العنف أو التمييز ضد الأشخاص بسبب هويتهم، أو يمجّد الإرهاب أو إيذاء النفس؛",
            "يتضمن تحرشًا بأشخاص حقيقيين أو تشهيرًا بهم أو كشفًا لمعلوماتهم الشخصية؛",
            "يحتوي على برمجيات خبيثة أو رسائل مزعجة أو إعلانات مخفية، أو على عناوين أو أغلفة أو تصنيفات مضللة؛",
            "يخالف القانون بأي وجه آخر في البلد الذي تقيم فيه أو الذي تُقدَّم فيه الخدمة.",
          ),
          p("إذا كنت تعتقد أن محتوى على مانجا نوفا ينتهك حقوقك، فأبلغ عنه بزر «إبلاغ» في صفحته أو في القارئ، أو راسلنا على {supportEmail} مرفقًا رابط المحتوى ووصفًا لعملك وبيانات التواصل معك. نراجع كل بلاغ ونحذف المحتوى المخالف دون تأخير."),
        ],
      },
      earnings: {
        heading: "أرباح المبدعين والمدفوعات",
        body: [
          p("يحصل الكتّاب الذين تُنشر فصولهم على 60% من صافي دخل الإعلانات الذي تحققه تلك الفصول. ويُقصد بصافي دخل الإعلانات إيرادات الإعلانات المنسوبة إلى فصولك بعد خصم تكاليف عرض الإعلانات ورسوم معالجة المدفوعات والضرائب المستحقة."),
          list(
            "تُحتسب الأرباح على أساس نشاط القرّاء الحقيقي، وتُستبعد المشاهدات والإيرادات الناتجة عن الروبوتات أو المشاهدة الذاتية المتكررة أو أي تلاعب آخر، ويجوز حجبها.",
            "تُرسَل المدفوعات عبر خدمة لتحويل الأموال إلى عنوان البريد الإلكتروني الذي تدخله في لوحة تحكم المبدع. وأنت مسؤول عن صحة هذا العنوان، ولا نتحمّل المسؤولية عن المبالغ المرسلة إلى عنوان قدّمته أنت.",
            "أنت مسؤول عن الإقرار بأي ضرائب مستحقة على أرباحك وسدادها.",
            "يجوز لنا تعديل نسبة المشاركة في الإيرادات أو شروط الدفع مستقبلًا بعد إشعارك قبل 30 يومًا على الأقل، وتُدفع الأرباح المستحقة قبل التعديل وفق النسبة السابقة.",
          ),
        ],
      },
      premium: {
        heading: "الخطط المميزة",
        body: [
          p("نعتزم تقديم خطتَي اشتراك مدفوعتين هما بريميوم وبريميوم بلس، وهما قادمتان قريبًا وغير متاحتين للشراء حاليًا. وسنعرض عليك الأسعار والمزايا وشروط الفوترة والإلغاء قبل الاشتراك، ولن نخصم أي مبلغ دون تأكيد صريح منك."),
        ],
      },
      termination: {
        heading: "الإيقاف وإنهاء الحساب",
        body: [
          p("يمكنك التوقف عن استخدام الخدمة في أي وقت، وحذف حسابك بنفسك من ملفك الشخصي. وتبقى المانجا التي نشرتها حينئذٍ على الخدمة منسوبةً إلى «مستخدم محذوف» ما لم تحذفها أولًا (راجع «محتواك والترخيص الذي تمنحه لنا»)."),
          p("ويحق لنا إيقاف حسابك أو إغلاقه، أو حذف المحتوى، أو حجب الأرباح غير المدفوعة المرتبطة بمخالفة، إذا خالفت هذه الشروط مخالفة جسيمة أو متكررة، أو إذا ألزمنا القانون بذلك، أو لحماية المستخدمين أو المبدعين أو الخدمة. ونوضّح لك السبب حيثما كان ذلك مناسبًا ونمنحك فرصة للرد. أما المبالغ المكتسبة بصورة مشروعة وغير المتأثرة بالمخالفة فتُدفع لك."),
        ],
      },
      disclaimers: {
        heading: "إخلاء المسؤولية",
        body: [
          p("نبذل قصارى جهدنا لإبقاء مانجا نوفا متاحة وآمنة، غير أن الخدمة تُقدَّم «كما هي» و«حسب توفرها». ولا نضمن أن تعمل دون انقطاع أو أخطاء، ولا أن تبقى مانجا بعينها متاحة، ولا أن يكون المحتوى الذي ينشره المبدعون دقيقًا أو مناسبًا لكل قارئ. وتعبّر آراء المبدعين عن أصحابها ولا تمثّل مانجا نوفا."),
        ],
      },
      liability: {
        heading: "حدود المسؤولية",
        body: [
          p("في الحدود التي يسمح بها القانون، لا تتحمّل مانجا نوفا المسؤولية عن الخسائر غير المباشرة أو التبعية، أو عن فقدان البيانات أو الأرباح أو الفرص، أو عن المحتوى الذي ينشره المستخدمون. ويقتصر إجمالي مسؤوليتنا تجاهك عن أي مطالبة تتعلق بالخدمة على 100 دولار أمريكي أو على إجمالي المبالغ المدفوعة بينك وبيننا خلال الاثني عشر شهرًا السابقة للمطالبة، أيهما أكبر."),
          p("ولا يحدّ أي بند في هذه الشروط من المسؤولية التي لا يجوز تقييدها قانونًا، كالمسؤولية عن الاحتيال، ولا يمسّ حقوقك القانونية بصفتك مستهلكًا."),
        ],
      },
      changes: {
        heading: "التغييرات على الخدمة وعلى هذه الشروط",
        body: [
          p("قد نحدّث الخدمة وهذه الشروط من وقت لآخر. وعند إجراء تغييرات جوهرية نُخطرك عبر الموقع أو بالبريد الإلكتروني قبل 30 يومًا على الأقل من سريانها. وإذا واصلت استخدام الخدمة بعد ذلك التاريخ سرت عليك الشروط المحدّثة، وإن لم توافق عليها فيمكنك إغلاق حسابك."),
        ],
      },
      law: {
        heading: "القانون الواجب التطبيق وتسوية النزاعات",
        body: [
          p("تخضع هذه الشروط للقوانين المعمول بها في مقر تأسيس مانجا نوفا، دون أن يحرمك ذلك من الحماية التي تكفلها لك القوانين الإلزامية في بلد إقامتك. ونسعى دائمًا إلى حل أي خلاف وديًا أولًا، لذا نرجو التواصل معنا قبل اتخاذ أي إجراء رسمي."),
        ],
      },
      contact: {
        heading: "تواصل معنا",
        body: [
          p("هل لديك سؤال عن هذه الشروط؟ راسلنا على {supportEmail} ويسعدنا أن نساعدك."),
        ],
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Privacy Policy
// ---------------------------------------------------------------------------------------------

const privacy: Record<Locale, LegalSource<PrivacySectionId>> = {
  en: {
    title: "Privacy Policy",
    lead: "What personal data MangaNova collects when you read or publish manga, why we collect it, how long we keep it and the choices you have.",
    updated: "Last updated: 28 November 2026",
    sections: {
      scope: {
        heading: "Who we are and what this policy covers",
        body: [
          p("MangaNova (\u201cwe\u201d, \u201cus\u201d) runs the MangaNova website, its online reader and its creator tools, and is responsible for the personal data described in this policy. The policy applies to visitors, readers and writers, in both the English and the Arabic version of the site."),
        ],
      },
      collect: {
        heading: "Information we collect",
        body: [
          p("We collect only what we need to run the Service:"),
          list(
            "Account data: your full name, username, e-mail address, password (stored only as a secure hash), role (reader or writer), your language, theme and notification preferences and, if you add one, a profile picture.",
            "Date of birth: given when you register or choose your role; writers also confirm that they meet the age requirement.",
            "Reading activity: your reading progress, the manga you add to your favourites, chapter views and the notifications we send you.",
            "Creator data: the manga, chapters, covers and descriptions you submit, review notes, your earnings and transactions, and the e-mail address you enter for payouts.",
            "Technical data: IP address, browser and device type, and security logs such as sign-in times and failed sign-in attempts.",
            "Messages you send us, such as support requests or reports about content.",
          ),
        ],
      },
      cookies: {
        heading: "Cookies and local storage",
        body: [
          p("We use a small number of cookies and browser storage entries that the site needs in order to work:"),
          list(
            "Session cookie: keeps you signed in securely. It is removed when you sign out or the session expires.",
            "Language cookie and setting: remember whether you prefer English or Arabic, for up to one year.",
            "Theme setting: remembers whether you chose light or dark mode, in your browser and, when you choose it in your profile, in your account.",
            "Visitor cookie: a random identifier, never linked to an account, so that a visitor's chapter views are counted once; kept for up to one year.",
          ),
          p("We do not use third-party advertising cookies or cross-site tracking cookies. You can clear cookies and local storage in your browser settings at any time; clearing the session cookie signs you out."),
        ],
      },
      use: {
        heading: "How we use your information",
        body: [
          list(
            "To create and secure your account, verify your e-mail address and help you reset your password.",
            "To run the reader, remember your progress and favourites, and send you notifications, for example when a favourite manga gets a new chapter or your submission has been reviewed.",
            "To review submitted manga and chapters and to enforce our Terms of Service.",
            "To count views, rank popular titles and calculate creators' 60% share of net advertising income.",
            "To send payouts to creators through our payment transfer service.",
            "To protect creators' work, for example by watermarking pages with your username, and to detect fraud, abuse and unauthorised access.",
            "To understand, in aggregated form, how the Service is used so that we can improve it.",
          ),
          p("We process your data because it is necessary to provide the Service you signed up for, because we have a legitimate interest in keeping the Service safe and improving it, to comply with legal obligations such as tax and accounting rules, or, where required, on the basis of your consent."),
        ],
      },
      sharing: {
        heading: "When we share information",
        body: [
          p("We never sell your personal data. We share it only in these cases:"),
          list(
            "Public profile: your username is shown as the author of the manga you publish. Favourite and view counts are shown only as totals.",
            "Service providers: hosting, e-mail delivery and our payment transfer service, which receives only what it needs to send a payout, such as your payout e-mail address and the amount. They act on our instructions and must protect your data.",
            "Advertising: advertisers receive only aggregated statistics, never information that identifies you.",
            "Legal reasons: when required by law or a valid legal request, or to protect the rights and safety of our users, our creators and the Service.",
            "Business changes: if MangaNova merges with or is acquired by another company, your data may be transferred under the same protections, and we will tell you beforehand.",
          ),
        ],
      },
      retention: {
        heading: "How long we keep data",
        body: [
          list(
            "Account and reading data: for as long as your account is active. When you delete your account, your personal data, favourites, reading progress, notifications and sessions are erased at once, and copies in backups go as those backups are replaced. Manga and chapters you published stay on the Service, shown as by \u201cDeleted user\u201d, until they are deleted.",
            "Payout and transaction records: for as long as tax and accounting laws require, usually several years.",
            "Security records: a sign-in session (with the browser or app it came from) works for at most 30 days after you sign in and is kept until your account is deleted; counters of sign-in attempts and other requests, which may include your IP address, are dropped about a day after their time window ends; the audit log of account and moderation actions is kept to protect the Service and investigate abuse.",
            "E-mail verification and password reset links: until they are used or expire; password reset links expire after 30 minutes.",
          ),
        ],
      },
      security: {
        heading: "How we protect your data",
        body: [
          p("Passwords are never stored in readable form: we keep only a hash made with Argon2id, a modern algorithm designed for passwords. Sign-in tokens are stored as hashes too, connections to the site are encrypted with HTTPS, and access to personal data is limited to team members who need it for their work."),
          p("After 5 failed sign-ins to an account from one address, that address cannot sign in to it for up to 15 minutes, and sign-in and password reset requests are rate limited. No online service can be perfectly secure, so please use a strong, unique password and tell us straight away if you notice anything suspicious."),
        ],
      },
      rights: {
        heading: "Your rights and choices",
        body: [
          p("Depending on where you live, you have the right to:"),
          list(
            "access the personal data we hold about you and receive a copy of it (Download my data, in your profile);",
            "correct inaccurate data, most of which you can edit yourself in your profile;",
            "delete your account and personal data (Delete my account, in your profile);",
            "object to or restrict certain processing, and withdraw any consent you have given;",
            "complain to your data protection authority.",
          ),
          p("You can download your data, correct your details and delete your account yourself in your profile. For anything else, write to {supportEmail} from the e-mail address on your account; we respond within 30 days."),
        ],
      },
      children: {
        heading: "Children",
        body: [
          p("Readers must be at least 13 years old. Writer accounts are for people aged 18 or over, or for younger creators whose account is managed by a parent or legal guardian who takes responsibility for it. Writers confirm the age requirement when they register."),
          p("We do not knowingly collect personal data from children under 13. If you believe a child has given us personal data without permission, contact us and we will delete it."),
        ],
      },
      changes: {
        heading: "Changes to this policy",
        body: [
          p("We may update this policy as the Service evolves, for example when the premium plans launch. We will publish the new version on this page with a new date and, for significant changes, let you know on the site or by e-mail before they take effect."),
        ],
      },
      contact: {
        heading: "Contact us",
        body: [
          p("For any question or request about your privacy, write to {supportEmail}. We reply in English or Arabic."),
        ],
      },
    },
  },
  ar: {
    title: "سياسة الخصوصية",
    lead: "البيانات الشخصية التي تجمعها مانجا نوفا عند قراءتك للمانجا أو نشرها، وأسباب جمعها، ومدة الاحتفاظ بها، والخيارات المتاحة لك.",
    updated: "آخر تحديث: 28 نوفمبر 2026",
    sections: {
      scope: {
        heading: "من نحن وما الذي تشمله هذه السياسة",
        body: [
          p("تدير مانجا نوفا («نحن») موقع مانجا نوفا وقارئه الإلكتروني وأدوات المبدعين فيه، وتتحمّل المسؤولية عن البيانات الشخصية الموضّحة في هذه السياسة. وتسري السياسة على الزوار والقرّاء والكتّاب، في النسختين العربية والإنجليزية من الموقع."),
        ],
      },
      collect: {
        heading: "المعلومات التي نجمعها",
        body: [
          p("لا نجمع إلا ما نحتاج إليه لتشغيل الخدمة:"),
          list(
            "بيانات الحساب: اسمك الكامل واسم المستخدم والبريد الإلكتروني وكلمة المرور (التي لا تُحفظ إلا في صورة تجزئة آمنة) ودورك (قارئ أو كاتب)، وتفضيلاتك للغة والمظهر والإشعارات، وصورتك الشخصية إن أضفتها.",
            "تاريخ الميلاد: تقدّمه عند التسجيل أو عند اختيار دورك، ويؤكد الكتّاب كذلك استيفاءهم لشرط السن.",
            "نشاط القراءة: مدى تقدّمك في القراءة، والمانجا التي تضيفها إلى المفضلة، ومشاهدات الفصول، والإشعارات التي نرسلها إليك.",
            "بيانات المبدعين: المانجا والفصول والأغلفة والأوصاف التي ترسلها، وملاحظات المراجعة، وأرباحك ومعاملاتك، والبريد الإلكتروني الذي تدخله لاستلام المدفوعات.",
            "البيانات التقنية: عنوان IP، ونوع المتصفح والجهاز، وسجلات الأمان مثل أوقات تسجيل الدخول ومحاولات الدخول الفاشلة.",
            "الرسائل التي ترسلها إلينا، كطلبات الدعم أو البلاغات المتعلقة بالمحتوى.",
          ),
        ],
      },
      cookies: {
        heading: "ملفات تعريف الارتباط والتخزين المحلي",
        body: [
          p("نستخدم عددًا محدودًا من ملفات تعريف الارتباط (الكوكيز) وعناصر التخزين في المتصفح، وهي ضرورية لعمل الموقع:"),
          list(
            "ملف الجلسة: يُبقيك مسجّلًا للدخول بأمان، ويُحذف عند تسجيل الخروج أو انتهاء الجلسة.",
            "ملف اللغة وإعدادها: يتذكّران تفضيلك للعربية أو الإنجليزية لمدة تصل إلى عام واحد.",
            "إعداد المظهر: يتذكّر اختيارك للوضع الفاتح أو الداكن في متصفحك، وفي حسابك أيضًا إذا اخترته من ملفك الشخصي.",
            "ملف الزائر: معرّف عشوائي لا يرتبط بأي حساب، يُحتسب به ما يشاهده الزائر من فصول مرةً واحدة فقط، ويُحفظ لمدة تصل إلى عام واحد.",
          ),
          p("لا نستخدم ملفات تعريف الارتباط الإعلانية التابعة لجهات خارجية ولا ملفات التتبع عبر المواقع. ويمكنك مسح ملفات تعريف الارتباط والتخزين المحلي من إعدادات متصفحك في أي وقت، علمًا بأن مسح ملف الجلسة يؤدي إلى تسجيل خروجك."),
        ],
      },
      use: {
        heading: "كيف نستخدم معلوماتك",
        body: [
          list(
            "لإنشاء حسابك وتأمينه، والتحقق من بريدك الإلكتروني، ومساعدتك على إعادة تعيين كلمة المرور.",
            "لتشغيل القارئ، وحفظ تقدّمك ومفضلتك، وإرسال الإشعارات إليك، كأن يصدر فصل جديد لمانجا في مفضلتك أو تكتمل مراجعة عمل أرسلته.",
            "لمراجعة المانجا والفصول المرسلة وتطبيق شروط الخدمة.",
            "لاحتساب المشاهدات، وترتيب الأعمال الأكثر رواجًا، واحتساب حصة المبدعين البالغة 60% من صافي دخل الإعلانات.",
            "لإرسال المدفوعات إلى المبدعين عبر خدمة تحويل الأموال التي نعتمدها.",
            "لحماية أعمال المبدعين، كوضع علامة مائية باسم المستخدم الخاص بك على الصفحات، ولرصد الاحتيال وإساءة الاستخدام والدخول غير المصرّح به.",
            "لفهم طريقة استخدام الخدمة من خلال إحصاءات مجمّعة، بهدف تحسينها.",
          ),
          p("نعالج بياناتك لأن ذلك ضروري لتقديم الخدمة التي اشتركت فيها، أو لأن لنا مصلحة مشروعة في الحفاظ على أمان الخدمة وتطويرها، أو للوفاء بالتزامات قانونية كالقواعد الضريبية والمحاسبية، أو بناءً على موافقتك حيثما كانت مطلوبة."),
        ],
      },
      sharing: {
        heading: "متى نشارك المعلومات",
        body: [
          p("لا نبيع بياناتك الشخصية أبدًا، ولا نشاركها إلا في الحالات التالية:"),
          list(
            "الملف العام: يظهر اسم المستخدم الخاص بك بوصفك مؤلف المانجا التي تنشرها، ولا تُعرض أعداد المشاهدات والإضافات إلى المفضلة إلا في صورة مجاميع.",
            "مزوّدو الخدمات: الاستضافة وإرسال البريد الإلكتروني وخدمة تحويل الأموال، التي لا تتلقى إلا ما تحتاج إليه لإرسال الدفعة، كبريد استلام المدفوعات والمبلغ. ويعمل هؤلاء وفق تعليماتنا ويلتزمون بحماية بياناتك.",
            "الإعلانات: لا يتلقى المعلنون إلا إحصاءات مجمّعة، ولا يحصلون أبدًا على معلومات تكشف هويتك.",
            "الأسباب القانونية: عندما يقتضي القانون ذلك أو بناءً على طلب قانوني صحيح، أو لحماية حقوق مستخدمينا ومبدعينا وسلامتهم وسلامة الخدمة.",
            "التغييرات التجارية: في حال اندماج مانجا نوفا مع شركة أخرى أو الاستحواذ عليها، قد تُنقل بياناتك مع الإبقاء على الضمانات نفسها، وسنُعلمك بذلك مسبقًا.",
          ),
        ],
      },
      retention: {
        heading: "مدة الاحتفاظ بالبيانات",
        body: [
          list(
            "بيانات الحساب والقراءة: طوال مدة نشاط حسابك. وعند حذف حسابك نمحو فورًا بياناتك الشخصية ومفضلتك وتقدّمك في القراءة وإشعاراتك وجلساتك، وتزول نسخها الاحتياطية حين تُستبدل تلك النسخ. أما المانجا والفصول التي نشرتها فتبقى على الخدمة منسوبةً إلى «مستخدم محذوف» إلى أن تُحذف.",
            "سجلات المدفوعات والمعاملات: طوال المدة التي تفرضها قوانين الضرائب والمحاسبة، وهي عادةً عدة سنوات.",
            "سجلات الأمان: تبقى جلسة تسجيل الدخول (مع المتصفح أو التطبيق الذي فُتحت منه) صالحةً مدةً أقصاها 30 يومًا من تسجيل الدخول، وتُحفظ حتى حذف حسابك؛ وتُحذف عدّادات محاولات تسجيل الدخول والطلبات الأخرى، التي قد تتضمن عنوان IP الخاص بك، بعد نحو يوم من انتهاء فترتها الزمنية؛ أما سجل التدقيق الخاص بإجراءات الحسابات والإشراف فنحتفظ به لحماية الخدمة والتحقيق في إساءة الاستخدام.",
            "روابط تأكيد البريد الإلكتروني وإعادة تعيين كلمة المرور: حتى استخدامها أو انتهاء صلاحيتها، وتنتهي صلاحية روابط إعادة التعيين بعد 30 دقيقة.",
          ),
        ],
      },
      security: {
        heading: "كيف نحمي بياناتك",
        body: [
          p("لا تُحفظ كلمات المرور أبدًا في صورة مقروءة، بل نحتفظ فقط بقيمة تجزئة تُنشأ بخوارزمية Argon2id الحديثة المصمّمة خصيصًا لكلمات المرور. كما تُحفظ رموز تسجيل الدخول في صورة مجزّأة، وتُشفَّر الاتصالات بالموقع عبر HTTPS، ويقتصر الوصول إلى البيانات الشخصية على أعضاء الفريق الذين يحتاجون إليها في عملهم."),
          p("بعد 5 محاولات فاشلة لتسجيل الدخول إلى حساب من عنوان واحد، يُمنع هذا العنوان من تسجيل الدخول إليه مدةً تصل إلى 15 دقيقة، كما نحدّ من عدد طلبات تسجيل الدخول وإعادة تعيين كلمة المرور. ولأنه لا توجد خدمة إلكترونية آمنة تمامًا، نرجو أن تستخدم كلمة مرور قوية وفريدة، وأن تبلغنا فورًا إذا لاحظت أي نشاط مريب."),
        ],
      },
      rights: {
        heading: "حقوقك وخياراتك",
        body: [
          p("بحسب مكان إقامتك، يحق لك:"),
          list(
            "الاطلاع على بياناتك الشخصية التي نحتفظ بها والحصول على نسخة منها («تنزيل بياناتي» في ملفك الشخصي)؛",
            "تصحيح البيانات غير الدقيقة، ويمكنك تعديل معظمها بنفسك من ملفك الشخصي؛",
            "حذف حسابك وبياناتك الشخصية («حذف حسابي» في ملفك الشخصي)؛",
            "الاعتراض على بعض عمليات المعالجة أو تقييدها، وسحب أي موافقة سبق أن منحتها؛",
            "تقديم شكوى إلى الجهة المختصة بحماية البيانات في بلدك.",
          ),
          p("يمكنك بنفسك تنزيل بياناتك وتصحيح معلوماتك وحذف حسابك من ملفك الشخصي. ولأي طلب آخر، راسلنا على {supportEmail} من البريد الإلكتروني المسجّل في حسابك، وسنرد خلال 30 يومًا."),
        ],
      },
      children: {
        heading: "الأطفال",
        body: [
          p("يجب ألا يقل عمر القارئ عن 13 عامًا. أما حسابات الكتّاب فمخصّصة لمن بلغوا 18 عامًا فأكثر، أو للمبدعين الأصغر سنًا الذين يدير حساباتهم أحد الوالدين أو وليّ أمر قانوني يتحمّل مسؤوليتها. ويؤكد الكتّاب استيفاءهم لشرط السن عند التسجيل."),
          p("لا نجمع عن قصد بيانات شخصية من الأطفال دون 13 عامًا. وإذا كنت تعتقد أن طفلًا زوّدنا ببيانات شخصية دون إذن، فتواصل معنا وسنحذفها."),
        ],
      },
      changes: {
        heading: "التغييرات على هذه السياسة",
        body: [
          p("قد نحدّث هذه السياسة مع تطوّر الخدمة، عند إطلاق الخطط المميزة مثلًا. وسننشر النسخة الجديدة في هذه الصفحة بتاريخ تحديث جديد، ونُعلمك بالتغييرات الجوهرية عبر الموقع أو البريد الإلكتروني قبل سريانها."),
        ],
      },
      contact: {
        heading: "تواصل معنا",
        body: [
          p("لأي سؤال أو طلب يتعلق بخصوصيتك، راسلنا على {supportEmail}. نرد بالعربية أو الإنجليزية."),
        ],
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Accessors
// ---------------------------------------------------------------------------------------------

function legalPage<Id extends string>(
  source: LegalSource<Id>,
  order: readonly Id[],
): LegalPageContent {
  return {
    kind: "legal",
    title: source.title,
    lead: source.lead,
    updated: source.updated,
    sections: order.map((id) => ({ id, ...source.sections[id] })),
  };
}

function faqGroup<G extends FaqGroupId>(source: FaqSource, id: G): FaqGroup {
  const group = source.groups[id];
  const ids: readonly FaqItemId<G>[] = faqStructure[id];
  const items = group.items as { readonly [I in FaqItemId<G>]: FaqItemBody };
  return {
    id,
    title: group.title,
    // Item anchors are prefixed with the group so they stay unique on the page.
    items: ids.map((itemId) => ({ id: `${id}-${itemId}`, ...items[itemId] })),
  };
}

function faqPage(source: FaqSource): FaqPageContent {
  const groupIds = Object.keys(faqStructure) as FaqGroupId[];
  return {
    kind: "faq",
    title: source.title,
    lead: source.lead,
    updated: source.updated,
    groups: groupIds.map((id) => faqGroup(source, id)),
  };
}

const builders: { [K in StaticPageKey]: (locale: Locale) => StaticPageByKey[K] } = {
  faq: (locale) => faqPage(faq[locale]),
  terms: (locale) => legalPage(terms[locale], termsSectionIds),
  privacy: (locale) => legalPage(privacy[locale], privacySectionIds),
};

function withAddress(blocks: readonly ContentBlock[], supportEmail: string): ContentBlock[] {
  const fill = (text: string) => text.replaceAll(SUPPORT_EMAIL_SLOT, supportEmail);
  return blocks.map((block) => (block.type === "p" ? p(fill(block.text)) : list(...block.items.map(fill))));
}

/**
 * The ordered, render-ready content of one static page in one language, naming `supportEmail` (the configured
 * SUPPORT_EMAIL, `env.supportEmail`) wherever the texts send people to the team.
 */
export function getStaticPage<K extends StaticPageKey>(key: K, locale: Locale, supportEmail: string): StaticPageByKey[K] {
  const page: StaticPageContent = builders[key](locale);
  const filled: StaticPageContent =
    page.kind === "faq"
      ? {
          ...page,
          groups: page.groups.map((group) => ({
            ...group,
            items: group.items.map((item) => ({ ...item, answer: withAddress(item.answer, supportEmail) })),
          })),
        }
      : { ...page, sections: page.sections.map((section) => ({ ...section, body: withAddress(section.body, supportEmail) })) };
  return filled as StaticPageByKey[K];
}
