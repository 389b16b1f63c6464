import { Fragment, type ReactNode } from "react";
import type { IconComponent } from "@/components/icons/icon";
import { ChevronDown } from "@/components/icons/ui";
import { ArrowRight, BookOpen, CalendarDays, CircleHelp, Crown, FileText, Mail, PenTool, ShieldCheck, UserRound } from "@/components/icons/content";
import { Link } from "@/i18n/navigation";
import {
  staticPagePaths,
  staticPageUi,
  staticPagesUpdatedIso,
  type ContentBlock,
  type FaqGroupId,
  type FaqPageContent,
  type LegalPageContent,
  type Locale,
  type StaticPageContent,
  type StaticPageKey,
  type StaticPageUi,
} from "@/content/static-pages";

/**
 * Server-rendered layout for the static information pages: a hero header, then either an FAQ
 * accordion (native <details>/<summary>, no client JavaScript) or a table of contents followed by
 * numbered sections. Logical properties only, so the same markup works left-to-right and
 * right-to-left.
 */

const pageIcons: Record<StaticPageKey, IconComponent> = {
  faq: CircleHelp,
  terms: FileText,
  privacy: ShieldCheck,
};

const groupIcons: Record<FaqGroupId, IconComponent> = {
  reading: BookOpen,
  creators: PenTool,
  account: UserRound,
  premium: Crown,
};

const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600 dark:focus-visible:outline-rose-500";

/** Plain text with the support address turned into mailto links. */
function RichText({ text, email }: { text: string; email: string }) {
  const parts = text.split(email).flatMap((part, index) => (index === 0 ? [part] : [email, part]));
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a
            key={index}
            href={`mailto:${part}`}
            dir="ltr"
            className={`rounded-sm font-medium text-rose-600 underline decoration-rose-300 underline-offset-4 transition-colors hover:decoration-rose-600 dark:text-rose-400 dark:decoration-rose-500/40 dark:hover:decoration-rose-400 ${focusRing}`}
          >
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function Blocks({ blocks, email }: { blocks: readonly ContentBlock[]; email: string }) {
  return (
    <>
      {blocks.map((block, index) =>
        block.type === "p" ? (
          <p key={index}>
            <RichText text={block.text} email={email} />
          </p>
        ) : (
          <ul key={index} className="list-disc space-y-2 ps-5 marker:text-rose-500 dark:marker:text-rose-400">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex} className="ps-1">
                <RichText text={item} email={email} />
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

function Hero({ page, content, ui }: { page: StaticPageKey; content: StaticPageContent; ui: StaticPageUi }) {
  const Icon = pageIcons[page];
  return (
    <header
      className="relative isolate overflow-hidden rounded-3xl border border-zinc-200 bg-linear-to-b from-rose-50 via-white to-white px-6 py-10 shadow-sm sm:px-10 sm:py-14 dark:border-zinc-800 dark:from-rose-950/50 dark:via-zinc-900 dark:to-zinc-900 dark:shadow-none"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -end-20 -top-24 -z-10 size-72 rounded-full bg-rose-200/50 blur-3xl dark:bg-rose-500/15"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-28 -start-16 -z-10 size-60 rounded-full bg-rose-100/60 blur-3xl dark:bg-rose-400/5"
      />
      <p className="inline-flex items-center gap-2 rounded-full bg-rose-100 px-3 py-1 text-xs font-semibold text-rose-700 ring-1 ring-rose-200 ring-inset dark:bg-rose-500/10 dark:text-rose-300 dark:ring-rose-500/25">
        <Icon aria-hidden="true" className="size-3.5" />
        {ui.eyebrow[page]}
      </p>
      <h1 className="mt-5 text-3xl leading-tight font-bold text-balance text-zinc-900 sm:text-4xl ltr:tracking-tight dark:text-zinc-50">
        {content.title}
      </h1>
      <p className="mt-4 max-w-2xl text-base leading-relaxed text-pretty text-zinc-600 sm:text-lg dark:text-zinc-300">
        {content.lead}
      </p>
      <p className="mt-6 inline-flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        <time dateTime={staticPagesUpdatedIso}>{content.updated}</time>
      </p>
    </header>
  );
}

function FaqBody({ content, ui, email }: { content: FaqPageContent; ui: StaticPageUi; email: string }) {
  return (
    <>
      <nav aria-label={ui.topics} className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {content.groups.map((group) => {
            const Icon = groupIcons[group.id];
            return (
              <li key={group.id}>
                <a
                  href={`#${group.id}`}
                  className={`inline-flex items-center gap-2 rounded-full border border-zinc-200 bg-white px-4 py-2 text-sm font-medium text-zinc-700 shadow-xs transition-colors hover:border-rose-300 hover:text-rose-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-rose-500/50 dark:hover:text-rose-300 ${focusRing}`}
                >
                  <Icon aria-hidden="true" className="size-4 text-rose-600 dark:text-rose-400" />
                  {group.title}
                  <span className="rounded-full bg-zinc-100 px-1.5 text-xs text-zinc-500 tabular-nums dark:bg-zinc-800 dark:text-zinc-400">
                    {group.items.length}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-12 space-y-12">
        {content.groups.map((group) => {
          const Icon = groupIcons[group.id];
          return (
            <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="scroll-mt-24">
              <h2
                id={`${group.id}-title`}
                className="flex items-center gap-3 text-xl font-semibold text-zinc-900 dark:text-zinc-50"
              >
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-rose-600 text-white shadow-sm dark:bg-rose-500">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {group.title}
              </h2>
              <div className="mt-5 divide-y divide-zinc-200 overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/60 dark:shadow-none">
                {group.items.map((item) => (
                  <details key={item.id} id={item.id} className="group scroll-mt-24">
                    <summary
                      className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-start font-semibold text-zinc-900 transition-colors select-none group-open:text-rose-700 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-rose-600 sm:px-6 dark:text-zinc-100 dark:group-open:text-rose-300 dark:hover:bg-zinc-800/50 dark:focus-visible:outline-rose-500 [&::-webkit-details-marker]:hidden"
                    >
                      <span>{item.question}</span>
                      <ChevronDown
                        aria-hidden="true"
                        className="size-5 shrink-0 text-zinc-400 transition-transform duration-200 group-open:rotate-180 group-open:text-rose-600 motion-reduce:transition-none dark:text-zinc-500 dark:group-open:text-rose-400"
                      />
                    </summary>
                    <div className="space-y-3 px-5 pb-5 leading-7 text-zinc-600 sm:px-6 dark:text-zinc-300">
                      <Blocks blocks={item.answer} email={email} />
                    </div>
                  </details>
                ))}
              </div>
            </section>
          );
        })}
      </div>
    </>
  );
}

function LegalBody({ content, ui, email }: { content: LegalPageContent; ui: StaticPageUi; email: string }) {
  return (
    <>
      <nav
        aria-labelledby="static-toc-title"
        className="mt-8 rounded-2xl border border-zinc-200 bg-white p-6 shadow-xs sm:p-7 dark:border-zinc-800 dark:bg-zinc-900/60 dark:shadow-none"
      >
        <h2 id="static-toc-title" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {ui.toc}
        </h2>
        <ol className="mt-4 gap-x-8 sm:columns-2">
          {content.sections.map((section, index) => (
            <li key={section.id} className="break-inside-avoid">
              <a
                href={`#${section.id}`}
                className={`group flex items-baseline gap-3 rounded-md py-1.5 text-sm text-zinc-600 transition-colors hover:text-rose-700 dark:text-zinc-400 dark:hover:text-rose-300 ${focusRing}`}
              >
                <span className="w-5 shrink-0 text-end text-xs font-semibold text-zinc-500 tabular-nums group-hover:text-rose-600 dark:text-zinc-500 dark:group-hover:text-rose-400">
                  {index + 1}.
                </span>
                <span>{section.heading}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-12">
        {content.sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-24 border-t border-zinc-200 py-10 first:border-t-0 first:pt-0 dark:border-zinc-800"
          >
            <h2
              id={`${section.id}-title`}
              className="flex items-center gap-3 text-xl font-semibold text-zinc-900 dark:text-zinc-50"
            >
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-rose-50 text-sm font-bold text-rose-700 tabular-nums ring-1 ring-rose-200 ring-inset dark:bg-rose-500/10 dark:text-rose-400 dark:ring-rose-500/30">
                {index + 1}
              </span>
              {section.heading}
            </h2>
            <div className="mt-4 space-y-4 leading-7 text-zinc-700 sm:ps-11 dark:text-zinc-300">
              <Blocks blocks={section.body} email={email} />
            </div>
          </section>
        ))}
      </div>
    </>
  );
}

function ContactCard({ ui, email }: { ui: StaticPageUi; email: string }) {
  return (
    <aside
      aria-labelledby="static-contact-title"
      className="mt-14 flex flex-col gap-5 rounded-2xl border border-rose-200 bg-rose-50/70 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8 dark:border-rose-500/20 dark:bg-rose-500/5"
    >
      <div className="flex items-start gap-4">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-rose-600 shadow-xs ring-1 ring-rose-200 dark:bg-zinc-900 dark:text-rose-400 dark:ring-rose-500/30">
          <Mail aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="static-contact-title" className="font-semibold text-zinc-900 dark:text-zinc-50">
            {ui.contactTitle}
          </h2>
          <p className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-300">{ui.contactText}</p>
        </div>
      </div>
      <a
        href={`mailto:${email}`}
        className={`inline-flex shrink-0 items-center justify-center gap-2 rounded-full bg-rose-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-rose-700 ${focusRing}`}
      >
        {ui.contactCta}
      </a>
    </aside>
  );
}

function RelatedPages({ page, locale, ui }: { page: StaticPageKey; locale: Locale; ui: StaticPageUi }) {
  const others = (Object.keys(staticPagePaths) as StaticPageKey[]).filter((key) => key !== page);
  return (
    <footer className="mt-10 border-t border-zinc-200 pt-8 dark:border-zinc-800">
      <nav aria-labelledby="static-related-title">
        <h2 id="static-related-title" className="text-sm font-semibold text-zinc-500 dark:text-zinc-400">
          {ui.related}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {others.map((key) => {
            const Icon = pageIcons[key];
            return (
              <li key={key}>
                <Link
                  href={staticPagePaths[key]}
                  locale={locale}
                  className={`group inline-flex items-center gap-2 rounded-md text-sm font-medium text-zinc-800 transition-colors hover:text-rose-700 dark:text-zinc-200 dark:hover:text-rose-300 ${focusRing}`}
                >
                  <Icon aria-hidden="true" className="size-4 text-rose-600 dark:text-rose-400" />
                  {ui.pageNames[key]}
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 text-zinc-400 transition-colors group-hover:text-rose-500 rtl:-scale-x-100 dark:text-zinc-500"
                  />
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </footer>
  );
}

export interface ProsePageProps {
  page: StaticPageKey;
  locale: Locale;
  content: StaticPageContent;
  /** The configured support address (SUPPORT_EMAIL): linked in the texts and opened by the contact card. */
  supportEmail: string;
}

export function ProsePage({ page, locale, content, supportEmail }: ProsePageProps): ReactNode {
  const ui = staticPageUi[locale];
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:py-16">
      <Hero page={page} content={content} ui={ui} />
      {content.kind === "faq" ? (
        <FaqBody content={content} ui={ui} email={supportEmail} />
      ) : (
        <LegalBody content={content} ui={ui} email={supportEmail} />
      )}
      <ContactCard ui={ui} email={supportEmail} />
      <RelatedPages page={page} locale={locale} ui={ui} />
    </article>
  );
}

export default ProsePage;
