import type { Metadata } from "next";
import { ScrollText } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { ChartCard } from "@/components/admin/overview/ChartCard";
import type { ChartPoint } from "@/components/admin/overview/chart-types";
import { Figures } from "@/components/admin/overview/Figures";
import { buttonClass } from "@/components/ui/Button";
import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { openGatedPage } from "@/components/dashboard/open-page";
import { gatedPageMetadata } from "@/components/dashboard/page-metadata";
import { getDb } from "@/db/client";
import { Link } from "@/i18n/navigation";
import { getOverview, type DayCount, type TopManga } from "@/server/admin/overview";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return gatedPageMetadata(params, "overview", PAGE_ROLES.overview);
}

/** Always read fresh: the figures are live. */
export const dynamic = "force-dynamic";

/**
 * /dashboard/overview (issue 15, screen 3): root's figures and charts. The figures, each chart's summary and its table
 * are rendered here; the drawings load in the browser, on this page only (components/admin/overview/OverviewChart).
 */
export default async function OverviewPage({ params }: Props) {
  const opened = await openGatedPage(params, "overview");
  if ("denied" in opened) return opened.denied;
  const { locale, viewer } = opened;

  const data = await getOverview({ db: await getDb(), viewer });
  const t = await getTranslations("admin.overview");

  const numberFormat = new Intl.NumberFormat(locale);
  const n = (x: number) => numberFormat.format(x);
  const short = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  const long = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);
  const days = (rows: DayCount[]): ChartPoint[] => rows.map((r) => ({ label: short.format(dayOf(r.day)), full: long.format(dayOf(r.day)), value: r.count }));
  const tops = (rows: TopManga[]): ChartPoint[] => rows.map((r) => ({ label: r.title, full: r.title, value: r.value }));
  const busiest = (rows: DayCount[]) => rows.reduce((best, r) => (r.count > best.count ? r : best), rows[0] ?? { day: "", count: 0 });
  const total = (rows: DayCount[]) => rows.reduce((s, r) => s + r.count, 0);
  const daySummary = (key: "signups" | "views", rows: DayCount[]) => {
    const sum = total(rows);
    if (sum === 0) return t("noData");
    const top = busiest(rows);
    return t(`charts.${key}.summary`, { total: sum, day: long.format(dayOf(top.day)), max: n(top.count) });
  };
  const topSummary = (key: "topViews" | "topFavorites", rows: TopManga[]) =>
    rows[0] && rows[0].value > 0 ? t(`charts.${key}.summary`, { first: `\u2068${rows[0].title}\u2069`, value: n(rows[0].value) }) : t("noData");
  const weeksTotal = total(data.chaptersPerWeek);
  const common = { locale, showTable: t("showTable"), formatNumber: n };
  const byDay = { kind: "area", height: 240, labelHeader: t("day") } as const;
  const byManga = { kind: "hbar", height: 340, labelHeader: t("mangaTitle") } as const;
  const charts = [
    { key: "signups", id: "signups", ...byDay, tone: "brand", summary: daySummary("signups", data.signupsPerDay), data: days(data.signupsPerDay) },
    { key: "views", id: "views", ...byDay, tone: "sky", summary: daySummary("views", data.viewsPerDay), data: days(data.viewsPerDay) },
    { key: "topViews", id: "top-views", ...byManga, tone: "sky", summary: topSummary("topViews", data.topByViews), data: tops(data.topByViews) },
    { key: "topFavorites", id: "top-favorites", ...byManga, tone: "brand", summary: topSummary("topFavorites", data.topByFavorites), data: tops(data.topByFavorites) },
    {
      key: "chaptersPerWeek", id: "chapters-per-week", wide: true, kind: "bar", tone: "violet", height: 240, labelHeader: t("weekOf"),
      summary: t("charts.chaptersPerWeek.summary", { total: weeksTotal }), data: days(data.chaptersPerWeek),
    },
  ] as const;

  return (
    <section aria-labelledby="overview-heading" className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="overview">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="overview-heading" className="text-2xl font-extrabold tracking-tight">{t("heading")}</h2>
          <p className="mt-1 max-w-2xl text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
        </div>
        <Link
          href="/dashboard/audit-log"
          className={`shrink-0 shadow-sm ${buttonClass({ variant: "secondary" })}`}
          data-testid="audit-log-link"
        >
          <ScrollText className="size-4.5" aria-hidden />
          {t("auditLink")}
        </Link>
      </header>

      <section aria-label={t("figuresLabel")}>
        <Figures data={data} t={(key, values) => t(key as never, values as never)} n={n} />
      </section>

      <section aria-label={t("chartsLabel")} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {charts.map(({ key, ...chart }) => (
          <ChartCard
            key={chart.id}
            {...common}
            {...chart}
            title={t(`charts.${key}.title`)}
            valueHeader={t(`charts.${key}.value`)}
            caption={t("tableCaption", { title: t(`charts.${key}.title`) })}
          />
        ))}
      </section>
    </section>
  );
}
