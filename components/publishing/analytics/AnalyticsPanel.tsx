"use client";

import { CheckCircle2, Eye, Heart, Info } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { ChartCard } from "@/components/admin/overview/ChartCard";
import type { ChartPoint } from "@/components/admin/overview/chart-types";
import { useApiQuery } from "@/components/providers/api-query";
import { Button } from "@/components/ui/Button";
import { SelectField } from "@/components/ui/fields";
import { ANALYTICS_DAY_CHOICES } from "@/lib/validation/creator-analytics";
import type { ChapterAnalytics, CreatorAnalytics, DayCount } from "@/server/manga/creator-analytics";

/**
 * The analytics of one manga (issue 16 §4), inside AnalyticsButton's dialog and loaded only when it opens: the
 * period (30 or 90 days), summary figures, views and new favourites per day, the per-chapter table and where readers
 * stop in a chosen chapter. Every chart is a ChartCard (the overview's): a summary sentence, the drawing (recharts,
 * loaded in the browser only, mirrored in Arabic) and the numbers as a table for screen readers and keyboards.
 */
export default function AnalyticsPanel({ mangaId }: { mangaId: number }) {
  const t = useTranslations("creatorAnalytics");
  const [days, setDays] = useState<number>(ANALYTICS_DAY_CHOICES[0]);
  const [chapterId, setChapterId] = useState<number | undefined>(undefined);
  const query = useApiQuery<CreatorAnalytics>(["creator-analytics", mangaId, days, chapterId ?? null], "/api/manga/Analytics", {
    request: { query: { mangaId, days, ...(chapterId ? { chapterId } : {}) } },
    keepPrevious: true,
    staleTime: 30_000,
  });

  if (query.isError && !query.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center" data-testid="analytics-error">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("error")}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5" data-testid="analytics-panel" aria-busy={query.isFetching || undefined}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
        <PeriodChooser days={days} onChoose={setDays} />
      </div>

      <p role="status" className={query.isFetching ? "text-sm text-zinc-600 dark:text-zinc-400" : "sr-only"}>
        {query.isFetching ? t("loading") : ""}
      </p>

      {query.data && <AnalyticsBody mangaId={mangaId} data={query.data} onChoose={setChapterId} />}
    </div>
  );
}

/** The two charts per day: views (an area) and new favourites (bars). */
const DAY_CHARTS = [
  { key: "views", kind: "area", tone: "sky" },
  { key: "favorites", kind: "bar", tone: "brand" },
] as const;

/** The figures, the charts per day, the per-chapter table and the drop-off of the chosen chapter. */
function AnalyticsBody({ mangaId, data, onChoose }: { mangaId: number; data: CreatorAnalytics; onChoose: (chapterId: number) => void }) {
  const t = useTranslations("creatorAnalytics");
  const locale = useLocale();
  const chooserId = useId();
  const numberFormat = new Intl.NumberFormat(locale);
  const n = (x: number) => numberFormat.format(x);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const short = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  const long = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);
  const points = (rows: DayCount[]): ChartPoint[] => rows.map((r) => ({ label: short.format(dayOf(r.day)), full: long.format(dayOf(r.day)), value: r.count }));
  const daySummary = (key: "views" | "favorites", rows: DayCount[]) => {
    const total = rows.reduce((s, r) => s + r.count, 0);
    if (total === 0) return t("noData");
    const top = rows.reduce((best, r) => (r.count > best.count ? r : best), rows[0]!);
    return t(`charts.${key}.summary`, { total, days: data.days, day: long.format(dayOf(top.day)), max: n(top.count) });
  };
  const common = { locale, showTable: t("showTable"), formatNumber: n, labelHeader: t("day"), height: 220 };

  return (
    <>
      <section aria-label={t("figuresLabel")} className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure icon={<Eye className="size-4.5" aria-hidden />} title={t("views")} value={n(data.totals.views)} raw={data.totals.views} testId="analytics-views">
          {t("viewsHint", { count: data.totals.viewsInRange, days: data.days })}
        </Figure>
        <Figure icon={<Heart className="size-4.5" aria-hidden />} title={t("favorites")} value={n(data.totals.favorites)} raw={data.totals.favorites} testId="analytics-favorites">
          {t("favoritesHint", { count: data.totals.favoritesInRange, days: data.days })}
        </Figure>
        <Figure
          icon={<CheckCircle2 className="size-4.5" aria-hidden />}
          title={t("completion")}
          value={data.totals.completionRate === null ? t("chapters.noRate") : percent.format(data.totals.completionRate)}
          raw={data.totals.completed}
          testId="analytics-completion"
        >
          {data.totals.readers === 0 ? t("noReaders") : t("completionHint", { completed: n(data.totals.completed), readers: data.totals.readers })}
        </Figure>
      </section>

      <p className="flex items-start gap-2 rounded-xl bg-sky-50 px-3 py-2.5 text-sm text-sky-900 dark:bg-sky-500/10 dark:text-sky-200" data-testid="analytics-signed-in-note">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{t("signedInNote")}</span>
      </p>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {DAY_CHARTS.map(({ key, kind, tone }) => (
          <ChartCard
            {...common}
            key={key}
            id={`a${mangaId}-${key}`}
            title={t(`charts.${key}.title`)}
            summary={daySummary(key, data[`${key}PerDay`])}
            kind={kind}
            tone={tone}
            data={points(data[`${key}PerDay`])}
            valueHeader={t(`charts.${key}.value`)}
            caption={t("tableCaption", { title: t(`charts.${key}.title`) })}
          />
        ))}
      </div>

      <ChapterTable chapters={data.chapters} n={n} percent={(x) => percent.format(x)} />

      {data.dropOff && (
        <DropOff
          mangaId={mangaId}
          chapters={data.chapters}
          dropOff={data.dropOff}
          chooserId={chooserId}
          onChoose={onChoose}
          n={n}
          locale={locale}
        />
      )}
    </>
  );
}

/** The period's choices (30 or 90 days) as pressed / not pressed buttons. */
function PeriodChooser({ days, onChoose }: { days: number; onChoose: (days: number) => void }) {
  const t = useTranslations("creatorAnalytics");
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="flex shrink-0 items-center gap-2">
      <span id={id} className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">{t("period")}</span>
      <div className="inline-flex gap-0.5 rounded-xl border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900">
        {ANALYTICS_DAY_CHOICES.map((choice) => (
          <Button key={choice} variant={days === choice ? "primary" : "ghost"} size="sm" aria-pressed={days === choice} onClick={() => onChoose(choice)} data-testid={`analytics-days-${choice}`}>
            {t("days", { days: choice })}
          </Button>
        ))}
      </div>
    </div>
  );
}

function Figure({ icon, title, value, raw, children, testId }: { icon: ReactNode; title: string; value: string; raw: number; children: ReactNode; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid={testId}>
      <h3 className="flex items-center gap-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300">
        <span className="grid size-8 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-400">{icon}</span>
        {title}
      </h3>
      <p className="text-2xl font-extrabold tabular-nums tracking-tight" data-testid={`${testId}-value`} data-value={raw}>{value}</p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
    </div>
  );
}

function ChapterTable({ chapters, n, percent }: { chapters: ChapterAnalytics[]; n: (x: number) => string; percent: (x: number) => string }) {
  const t = useTranslations("creatorAnalytics.chapters");
  const headingId = useId();
  const rate = (c: ChapterAnalytics) => (c.completionRate === null ? t("noRate") : percent(c.completionRate));
  const dropOff = (c: ChapterAnalytics) => (c.dropOffPage === null ? t("noDropOff") : t("dropOffValue", { page: n(c.dropOffPage), count: c.dropOffReaders }));
  const name = (c: ChapterAnalytics) => (
    <>
      <span className="font-semibold tabular-nums">{t("number", { number: n(c.number) })}</span>{" "}
      <span dir="auto" className="break-words">{c.title}</span>
      {c.status !== 1 && <span className="ms-1.5 rounded-md bg-zinc-100 px-1.5 py-0.5 text-xs font-semibold text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{t(`statuses.${c.status as 0 | 2}`)}</span>}
    </>
  );
  const cell = "px-3 py-2 text-end tabular-nums";

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900" data-testid="analytics-chapters">
      <h3 id={headingId} className="text-base font-bold">{t("title")}</h3>
      {chapters.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("empty")}</p>
      ) : (
        <>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{t("caption")}</caption>
              <thead className="border-b border-zinc-200 text-xs tracking-wide text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">{t("chapter")}</th>
                  <th scope="col" className="px-3 py-2 text-end font-semibold">{t("views")}</th>
                  <th scope="col" className="px-3 py-2 text-end font-semibold">{t("readers")}</th>
                  <th scope="col" className="px-3 py-2 text-end font-semibold">{t("completed")}</th>
                  <th scope="col" className="px-3 py-2 text-end font-semibold">{t("rate")}</th>
                  <th scope="col" className="px-3 py-2 text-end font-semibold">{t("dropOff")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {chapters.map((c) => (
                  <tr key={c.id} data-testid="analytics-chapter-row" data-chapter-id={c.id}>
                    <th scope="row" className="max-w-72 px-3 py-2 text-start font-normal">{name(c)}</th>
                    <td className={cell} data-col="views">{n(c.views)}</td>
                    <td className={cell} data-col="readers">{n(c.readers)}</td>
                    <td className={cell} data-col="completed">{n(c.completed)}</td>
                    <td className={cell} data-col="rate">{rate(c)}</td>
                    <td className={cell} data-col="dropOff">{dropOff(c)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="flex flex-col gap-2 md:hidden" aria-label={t("caption")}>
            {chapters.map((c) => (
              <li key={c.id} className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-950" data-testid="analytics-chapter-card" data-chapter-id={c.id}>
                <p className="text-sm">{name(c)}</p>
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs xs:grid-cols-3">
                  {(
                    [
                      ["views", n(c.views)],
                      ["readers", n(c.readers)],
                      ["completed", n(c.completed)],
                      ["rate", rate(c)],
                      ["dropOff", dropOff(c)],
                    ] as const
                  ).map(([key, value]) => (
                    <div key={key} className="min-w-0">
                      <dt className="text-zinc-600 dark:text-zinc-400">{t(key)}</dt>
                      <dd className="font-bold tabular-nums" data-col={key}>{value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function DropOff({
  mangaId,
  chapters,
  dropOff,
  chooserId,
  onChoose,
  n,
  locale,
}: {
  mangaId: number;
  chapters: ChapterAnalytics[];
  dropOff: NonNullable<CreatorAnalytics["dropOff"]>;
  chooserId: string;
  onChoose: (id: number) => void;
  n: (x: number) => string;
  locale: string;
}) {
  const t = useTranslations("creatorAnalytics");
  const chapter = chapters.find((c) => c.id === dropOff.chapterId);
  const pages: ChartPoint[] = dropOff.pages.map((value, i) => ({
    label: t("dropOff.pageShort", { page: n(i + 1) }),
    full: t("dropOff.pageFull", { page: n(i + 1) }),
    value,
  }));
  const summary =
    chapter && chapter.dropOffPage !== null
      ? t("dropOff.summary", { number: n(chapter.number), page: n(chapter.dropOffPage), count: chapter.dropOffReaders })
      : t("dropOff.none");
  return (
    <div className="flex flex-col gap-3" data-testid="analytics-drop-off">
      <SelectField id={chooserId} label={t("dropOff.chooser")} value={dropOff.chapterId} onChange={(e) => onChoose(Number(e.target.value))} className="min-w-0 sm:max-w-sm" data-testid="analytics-chapter-chooser">
        {chapters.map((c) => (
          <option key={c.id} value={c.id}>{t("dropOff.option", { number: n(c.number), title: c.title })}</option>
        ))}
      </SelectField>
      <ChartCard
        id={`a${mangaId}-drop-off`}
        title={t("dropOff.title")}
        summary={summary}
        kind="bar"
        tone="violet"
        data={pages}
        locale={locale}
        height={200}
        labelHeader={t("dropOff.page")}
        valueHeader={t("dropOff.value")}
        showTable={t("showTable")}
        caption={t("tableCaption", { title: t("dropOff.title") })}
        formatNumber={n}
      />
    </div>
  );
}
