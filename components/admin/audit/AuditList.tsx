import { Link } from "@/i18n/navigation";
import type { AuditLogItem } from "@/server/admin/list-audit-log";
import { readableDetails, type DetailValueFormat } from "./details";

export interface AuditListTexts {
  caption: string;
  who: string;
  action: string;
  target: string;
  details: string;
  when: string;
  system: string;
  noDetails: string;
  showDetails: string;
  before: string;
  after: string;
}

export interface AuditListProps {
  items: AuditLogItem[];
  texts: AuditListTexts;
  actionLabel: (action: string) => string;
  targetTypeLabel: (type: string) => string;
  formatWhen: (iso: string) => string;
  /** Values in words: a role's name for its number, yes/no (components/admin/audit/details.ts). */
  formatValue?: DetailValueFormat;
}

/**
 * Where a target is managed, when it still exists: a manga's or chapter's review page, a user found by username in
 * user management.
 */
function targetHref(item: AuditLogItem): string | null {
  if ((item.target.type === "manga" || item.target.type === "chapter") && item.target.mangaId !== null) return `/dashboard/manga-approval/${item.target.mangaId}`;
  if (item.target.type === "user" && item.target.label) return `/dashboard/user-management?${new URLSearchParams({ q: item.target.label })}`;
  return null;
}

function Actor({ item, texts }: { item: AuditLogItem; texts: AuditListTexts }) {
  return item.actor ? (
    // Wraps only where a long name must (a table column never squeezes it to a letter a line: its cell has a floor).
    <span dir="auto" className="font-semibold wrap-anywhere" data-testid="audit-actor">{item.actor.username}</span>
  ) : (
    <span className="text-zinc-600 italic dark:text-zinc-400" data-testid="audit-actor">{texts.system}</span>
  );
}

/** The action in words (the key it is stored as stays on the row's `data-action`). */
function Action({ item, actionLabel }: { item: AuditLogItem; actionLabel: AuditListProps["actionLabel"] }) {
  return (
    <span className="font-medium" data-testid="audit-action">{actionLabel(item.action)}</span>
  );
}

function Target({ item, targetTypeLabel }: { item: AuditLogItem; targetTypeLabel: AuditListProps["targetTypeLabel"] }) {
  const href = targetHref(item);
  const name = item.target.label;
  const type = targetTypeLabel(item.target.type);
  // A chapter by its place in its manga (never its database id), with the manga's title under its own.
  const { chapterNumber, mangaTitle } = item.target;
  const id = chapterNumber !== null ? String(chapterNumber) : item.target.id ? `#${item.target.id}` : "";
  return (
    <span className="flex min-w-0 flex-col" data-testid="audit-target">
      <span className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        {type} <bdi className="tabular-nums">{id}</bdi>
      </span>
      {name &&
        (href ? (
          <Link href={href} dir="auto" className="rounded font-medium break-words text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-400">
            {name}
          </Link>
        ) : (
          <span dir="auto" className="font-medium break-words">{name}</span>
        ))}
      {mangaTitle && (
        <span dir="auto" className="text-sm break-words text-zinc-600 dark:text-zinc-400" data-testid="audit-target-manga">
          {mangaTitle}
        </span>
      )}
    </span>
  );
}

function Details({ item, texts, formatValue }: { item: AuditLogItem; texts: AuditListTexts; formatValue?: DetailValueFormat }) {
  const d = readableDetails(item.details, formatValue);
  if (!d) return <span className="text-zinc-500 dark:text-zinc-400">{texts.noDetails}</span>;
  return (
    <details className="group min-w-0" data-testid="audit-details">
      <summary className="cursor-pointer list-none rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">{texts.showDetails}: </span>
        <span dir="auto" className="line-clamp-2 text-sm break-words text-zinc-700 group-open:hidden dark:text-zinc-300">{d.summary}</span>
        <span className="hidden text-sm font-semibold text-brand-700 group-open:inline dark:text-brand-400" aria-hidden>{texts.showDetails}</span>
      </summary>
      <div className="mt-2 flex flex-col gap-2 text-sm">
        {d.changes.length > 0 && (
          <table className="w-full text-start text-xs">
            <thead>
              <tr className="text-zinc-600 dark:text-zinc-400">
                <th scope="col" className="py-1 pe-2 text-start font-semibold"><span className="sr-only">{texts.details}</span></th>
                <th scope="col" className="py-1 pe-2 text-start font-semibold">{texts.before}</th>
                <th scope="col" className="py-1 text-start font-semibold">{texts.after}</th>
              </tr>
            </thead>
            <tbody>
              {d.changes.map((c) => (
                <tr key={c.key} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                  <th scope="row" className="py-1 pe-2 text-start font-mono font-medium">
                    {/* Field names as the data names them (code, in every language), beside their values. */}
                    <code dir="ltr">{c.key}</code>
                  </th>
                  <td dir="auto" className="py-1 pe-2 wrap-anywhere text-red-700 dark:text-red-300"><del className="no-underline">{c.before}</del></td>
                  <td dir="auto" className="py-1 wrap-anywhere text-emerald-800 dark:text-emerald-300"><ins className="no-underline">{c.after}</ins></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {d.fields.length > 0 && (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
            {d.fields.map((f) => (
              <div key={f.key} className="contents">
                <dt className="font-mono font-medium text-zinc-600 dark:text-zinc-400">
                  <code dir="ltr">{f.key}</code>
                </dt>
                <dd dir="auto" className="wrap-anywhere">{f.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </details>
  );
}

/** The audit log's rows: a table at tablet widths and up, one card per entry on phones. */
export function AuditList(props: AuditListProps) {
  const { items, texts, formatWhen } = props;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-zinc-200 bg-white shadow-sm md:block dark:border-zinc-800 dark:bg-zinc-900">
        <table className="w-full text-start text-sm" data-testid="audit-table">
          <caption className="sr-only">{texts.caption}</caption>
          <thead className="bg-zinc-50 text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
            <tr>
              <th scope="col" className="px-4 py-3 text-start font-semibold">{texts.who}</th>
              <th scope="col" className="px-4 py-3 text-start font-semibold">{texts.action}</th>
              <th scope="col" className="px-4 py-3 text-start font-semibold">{texts.target}</th>
              <th scope="col" className="w-2/5 px-4 py-3 text-start font-semibold">{texts.details}</th>
              <th scope="col" className="px-4 py-3 text-start font-semibold whitespace-nowrap">{texts.when}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className="border-t border-zinc-100 align-top dark:border-zinc-800" data-testid="audit-row" data-action={item.action}>
                <td className="min-w-36 px-4 py-3"><Actor item={item} texts={texts} /></td>
                <td className="px-4 py-3"><Action item={item} actionLabel={props.actionLabel} /></td>
                <td className="px-4 py-3"><Target item={item} targetTypeLabel={props.targetTypeLabel} /></td>
                <td className="max-w-0 px-4 py-3"><Details item={item} texts={texts} formatValue={props.formatValue} /></td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums text-zinc-700 dark:text-zinc-300"><time dateTime={item.createdAt}>{formatWhen(item.createdAt)}</time></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={texts.caption} data-testid="audit-cards">
        {items.map((item) => (
          <li key={item.id} className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid="audit-card" data-action={item.action}>
            <div className="flex items-start justify-between gap-3">
              <Action item={item} actionLabel={props.actionLabel} />
              <time dateTime={item.createdAt} className="shrink-0 text-xs tabular-nums text-zinc-600 dark:text-zinc-400">{formatWhen(item.createdAt)}</time>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
              <dt className="text-zinc-600 dark:text-zinc-400">{texts.who}</dt>
              <dd className="min-w-0"><Actor item={item} texts={texts} /></dd>
              <dt className="text-zinc-600 dark:text-zinc-400">{texts.target}</dt>
              <dd className="min-w-0"><Target item={item} targetTypeLabel={props.targetTypeLabel} /></dd>
              <dt className="text-zinc-600 dark:text-zinc-400">{texts.details}</dt>
              <dd className="min-w-0"><Details item={item} texts={texts} formatValue={props.formatValue} /></dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
