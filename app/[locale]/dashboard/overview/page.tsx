import type { Metadata } from "next";
import { ScrollText } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ChartCard } from "@/components/admin/overview/ChartCard";
import type { ChartPoint } from "@/components/admin/overview/chart-types";
import { Figures } from "@/components/admin/overview/Figures";
import { Forbidden } from "@/components/dashboard/Forbidden";
import { mayOpen, PAGE_ROLES } from "@/components/dashboard/navigation";
import { gatedPageMetadata } from "@/components/dashboard/page-metadata";
import { getDb } from "@/db/client";
import { Link, redirect } from "@/i18n/navigation";
import type { Role } from "@/lib/enums";
import { getOverview, type DayCount, type TopManga } from "@/server/admin/overview";
import { getSessionUser } from "@/server/auth/session";

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
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await getSessionUser();
  if (!user) return redirect({ href: "/auth", locale });
  if (!mayOpen(user.role, PAGE_ROLES.overview)) return <Forbidden />;

  const data = await getOverview({ db: await getDb(), viewer: { userId: user.id, role: user.role as Role } });
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

  return (
    <section aria-labelledby="overview-heading" className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="overview">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="overview-heading" className="text-2xl font-extrabold tracking-tight">{t("heading")}</h2>
          <p className="mt-1 max-w-2xl text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
        </div>
        <Link
          href="/dashboard/audit-log"
          className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl border border-zinc-300 bg-white px-4 font-semibold text-zinc-800 shadow-sm transition hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
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
        <ChartCard
          {...common}
          id="signups"
          title={t("charts.signups.title")}
          summary={daySummary("signups", data.signupsPerDay)}
          kind="area"
          tone="brand"
          data={days(data.signupsPerDay)}
          height={240}
          labelHeader={t("day")}
          valueHeader={t("charts.signups.value")}
          caption={t("tableCaption", { title: t("charts.signups.title") })}
        />
        <ChartCard
          {...common}
          id="views"
          title={t("charts.views.title")}
          summary={daySummary("views", data.viewsPerDay)}
          kind="area"
          tone="sky"
          data={days(data.viewsPerDay)}
          height={240}
          labelHeader={t("day")}
          valueHeader={t("charts.views.value")}
          caption={t("tableCaption", { title: t("charts.views.title") })}
        />
        <ChartCard
          {...common}
          id="top-views"
          title={t("charts.topViews.title")}
          summary={topSummary("topViews", data.topByViews)}
          kind="hbar"
          tone="sky"
          data={tops(data.topByViews)}
          height={340}
          labelHeader={t("mangaTitle")}
          valueHeader={t("charts.topViews.value")}
          caption={t("tableCaption", { title: t("charts.topViews.title") })}
        />
        <ChartCard
          {...common}
          id="top-favorites"
          title={t("charts.topFavorites.title")}
          summary={topSummary("topFavorites", data.topByFavorites)}
          kind="hbar"
          tone="brand"
          data={tops(data.topByFavorites)}
          height={340}
          labelHeader={t("mangaTitle")}
          valueHeader={t("charts.topFavorites.value")}
          caption={t("tableCaption", { title: t("charts.topFavorites.title") })}
        />
        <ChartCard
          {...common}
          id="chapters-per-week"
          wide
          title={t("charts.chaptersPerWeek.title")}
          summary={t("charts.chaptersPerWeek.summary", { total: weeksTotal })}
          kind="bar"
          tone="violet"
          data={days(data.chaptersPerWeek)}
          height={240}
          labelHeader={t("weekOf")}
          valueHeader={t("charts.chaptersPerWeek.value")}
          caption={t("tableCaption", { title: t("charts.chaptersPerWeek.title") })}
        />
      </section>
    </section>
  );
}
