import { BookOpen, FileText, MessageSquareQuote } from "lucide-react";
import { getFormatter, getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import { REPORT_REASON_NAMES } from "@/lib/report-enums";
import type { ReportGroup } from "@/server/reports/list-reports";
import { StatusChip, statusTone, type ChipTone } from "@/components/publishing/review/StatusChip";
import { isolate } from "@/lib/bidi";
import { ReportActions } from "./ReportActions";

type T = Awaited<ReturnType<typeof getTranslations>>;

const RESOLUTION_TONE: Record<number, ChipTone> = { 1: "neutral", 2: "pending", 3: "rejected" };

const contentHref = (g: ReportGroup) => (g.chapterId === null ? `/dashboard/discovery/manga/${g.mangaId}` : `/manga-reader/${g.mangaId}/${g.chapterId}`);

/** "Chapter 3: Title" or the manga's title, isolated for a sentence of the other direction. */
function labelOf(g: ReportGroup, t: T): string {
  return g.chapterId === null ? isolate(g.mangaTitle) : `${t("queue.chapterKind", { number: g.chapterNumber ?? 0 })}: ${isolate(g.chapterTitle ?? "")}`;
}

/** What each piece of an entry reads with: the texts, numbers and dates in the page's language. */
interface Ctx {
  t: T;
  format: Awaited<ReturnType<typeof getFormatter>>;
  date: (iso: string) => string;
}

const key = (g: ReportGroup) => `${g.mangaId}:${g.chapterId ?? 0}`;

/**
 * Root's reports queue: one entry per reported target with its counts per reason, when it was reported, the latest
 * texts and the three decisions (open view) or how it was resolved (resolved view). A table from 768 px, cards below.
 */
export async function ReportQueue({ groups, resolved }: { groups: ReportGroup[]; resolved: boolean }) {
  const t = await getTranslations("reports");
  const format = await getFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const ctx: Ctx = { t, format, date };

  return (
    <>
      {/* Phones: one card per target. */}
      <ul className="flex flex-col gap-3 md:hidden" data-testid="report-cards">
        {groups.map((g) => (
          <li key={key(g)} className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid="report-group" data-target={key(g)}>
            <Title g={g} ctx={ctx} headingLevel="h3" />
            <Reasons g={g} ctx={ctx} />
            <Dates g={g} ctx={ctx} />
            <Excerpts g={g} ctx={ctx} />
            <Outcome g={g} ctx={ctx} resolved={resolved} />
          </li>
        ))}
      </ul>

      {/* Wider screens: a table. */}
      <div className="hidden overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm md:block dark:border-zinc-800 dark:bg-zinc-900">
        <table className="w-full table-fixed text-start text-sm" data-testid="report-table">
          <caption className="sr-only">{t("queue.caption")}</caption>
          <thead className="bg-zinc-50 text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-300">
            <tr>
              <th scope="col" className="w-[34%] px-4 py-3 text-start">{t("queue.colTarget")}</th>
              <th scope="col" className="w-[22%] px-4 py-3 text-start">{t("queue.colReasons")}</th>
              <th scope="col" className="w-[18%] px-4 py-3 text-start">{t("queue.colDates")}</th>
              <th scope="col" className="w-[26%] px-4 py-3 text-start">{resolved ? t("queue.resolved") : t("queue.colActions")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {groups.map((g) => (
              <tr key={key(g)} className="align-top" data-testid="report-group" data-target={key(g)}>
                <td className="px-4 py-4">
                  <Title g={g} ctx={ctx} />
                  <div className="mt-3"><Excerpts g={g} ctx={ctx} /></div>
                </td>
                <td className="px-4 py-4"><Reasons g={g} ctx={ctx} /></td>
                <td className="px-4 py-4"><Dates g={g} ctx={ctx} /></td>
                <td className="px-4 py-4"><Outcome g={g} ctx={ctx} resolved={resolved} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The target: its kind, its linked title (a heading on the cards), the manga of a chapter and the content's status. */
function Title({ g, ctx: { t }, headingLevel }: { g: ReportGroup; ctx: Ctx; headingLevel?: "h3" }) {
  const Heading = headingLevel ?? "span";
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="inline-flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
        {g.chapterId === null ? <BookOpen className="size-3.5" aria-hidden /> : <FileText className="size-3.5" aria-hidden />}
        {g.chapterId === null ? t("queue.mangaKind") : t("queue.chapterKind", { number: g.chapterNumber ?? 0 })}
      </span>
      <Heading className="font-bold break-words">
        <Link href={contentHref(g)} dir="auto" className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:text-brand-400" data-testid="report-target-link">
          {g.chapterId === null ? g.mangaTitle : g.chapterTitle}
        </Link>
      </Heading>
      {g.chapterId !== null && <span className="text-sm text-zinc-600 dark:text-zinc-400">{t("queue.chapterOf", { title: isolate(g.mangaTitle) })}</span>}
      <span className="flex flex-wrap gap-1.5 pt-0.5">
        <StatusChip tone={statusTone(g.chapterStatus ?? g.mangaStatus)} label={t(`queue.contentStatus.${g.chapterStatus ?? g.mangaStatus}`)} />
      </span>
    </div>
  );
}

/** How many reports, and how many per reason. */
function Reasons({ g, ctx: { t, format } }: { g: ReportGroup; ctx: Ctx }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="font-bold tabular-nums" data-testid="report-count">
        {t("queue.count", { count: g.count })}
      </span>
      <ul className="flex flex-wrap gap-1.5" aria-label={t("queue.colReasons")}>
        {REPORT_REASON_NAMES.map((name) =>
          g.reasons[name] > 0 ? (
            <li key={name} className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs font-semibold text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100" data-testid={`report-reason-count-${name}`}>
              {t(`reasons.${name}`)} <span className="tabular-nums">×{format.number(g.reasons[name])}</span>
            </li>
          ) : null,
        )}
      </ul>
    </div>
  );
}

/** When it was last (and, reported more than once, first) reported. */
function Dates({ g, ctx: { t, date } }: { g: ReportGroup; ctx: Ctx }) {
  return (
    <div className="flex flex-col gap-0.5 text-sm text-zinc-700 dark:text-zinc-300">
      <span>{t("queue.last", { date: date(g.lastReportedAt) })}</span>
      {g.count > 1 && <span className="text-zinc-600 dark:text-zinc-400">{t("queue.first", { date: date(g.firstReportedAt) })}</span>}
    </div>
  );
}

/** The latest reports' texts with who sent them, why and when. */
function Excerpts({ g, ctx: { t, date } }: { g: ReportGroup; ctx: Ctx }) {
  if (g.recent.length === 0) return <p className="text-sm text-zinc-600 italic dark:text-zinc-400">{t("queue.noDetails")}</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={t("queue.recent")}>
      {g.recent.map((r, i) => (
        <li key={i} className="flex gap-2 text-sm">
          <MessageSquareQuote className="mt-0.5 size-4 shrink-0 text-zinc-500" aria-hidden />
          <div className="min-w-0">
            <p dir="auto" className="line-clamp-3 break-words whitespace-pre-line text-zinc-800 dark:text-zinc-200" data-testid="report-excerpt">
              {r.details}
            </p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {isolate(r.reporter ?? t("queue.deletedReporter"))} · {t(`reasons.${REPORT_REASON_NAMES[r.reason] ?? "other"}`)} · {date(r.createdAt)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The three decisions (open view) or how it was resolved (resolved view). */
function Outcome({ g, ctx: { t, date }, resolved }: { g: ReportGroup; ctx: Ctx; resolved: boolean }) {
  if (!resolved) return <ReportActions target={{ mangaId: g.mangaId, chapterId: g.chapterId, label: labelOf(g, t), count: g.count }} />;
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusChip tone={RESOLUTION_TONE[g.resolution ?? 1] ?? "neutral"} label={t(`queue.resolution.${g.resolution ?? 1}`)} testId="report-resolution" />
      {g.resolvedAt && <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("queue.resolvedOn", { date: date(g.resolvedAt) })}</span>}
    </div>
  );
}
