import type { Metadata } from "next";
import { ArrowLeft, ScrollText } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { AuditFilters } from "@/components/admin/audit/AuditFilters";
import { AuditList } from "@/components/admin/audit/AuditList";
import { auditHref } from "@/components/admin/audit/audit-href";
import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { firstParam, openGatedPage, type DashboardPageProps } from "@/components/dashboard/open-page";
import { gatedPageMetadata } from "@/components/dashboard/page-metadata";
import { Pagination } from "@/components/ui/Pagination";
import { getDb } from "@/db/client";
import { Link } from "@/i18n/navigation";
import { listAuditActions, listAuditLog } from "@/server/admin/list-audit-log";

type Props = DashboardPageProps;

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return gatedPageMetadata(params, "auditLog", PAGE_ROLES.auditLog);
}

/**
 * /dashboard/audit-log (issue 15, screen 4): root reads who did what to what and when, filtered by actor, action and
 * days (UTC), paged; every filter lives in the URL. Reached from the overview.
 */
export default async function AuditLogPage({ params, searchParams }: Props) {
  const opened = await openGatedPage(params, "auditLog");
  if ("denied" in opened) return opened.denied;
  const { locale, viewer } = opened;

  const sp = await searchParams;
  const db = await getDb();
  const [log, actions, t, tDiscovery, tRoles, tUsers, tManagement] = await Promise.all([
    listAuditLog({ db, viewer, actor: firstParam(sp.actor), action: firstParam(sp.action), from: firstParam(sp.from), to: firstParam(sp.to), page: Number(firstParam(sp.page) ?? 1) || 1 }),
    listAuditActions({ db, viewer }),
    getTranslations("admin.audit"),
    getTranslations("discovery"),
    getTranslations("dashboard.roles"),
    getTranslations("admin.users"),
    getTranslations("management"),
  ]);

  const actionLabel = (action: string) => {
    const key = `actions.${action.replace(/\./g, "_")}`;
    return t.has(key as never) ? t(key as never) : action;
  };
  // Values in words (issue 31, 6f): a role or a review status by its name, what a chapter's pages went through, yes/no
  // for a switch; the rest as recorded.
  const formatValue = (key: string, value: unknown): string | undefined => {
    if (key === "role" && typeof value === "number" && tRoles.has(String(value) as never)) return tRoles(String(value) as never);
    if ((key === "status" || key === "previousStatus") && (value === 0 || value === 1 || value === 2)) return tManagement(`statuses.${value}`);
    if (key === "pages" && (value === "pageOrder" || value === "images" || value === "pdf")) return t(`pageChanges.${value}`);
    if (typeof value === "boolean") return value ? tUsers("yes") : tUsers("no");
    return undefined;
  };
  const targetTypeLabel = (type: string) => (t.has(`targetTypes.${type}` as never) ? t(`targetTypes.${type}` as never) : type);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const filters = log.filters;
  // The select offers every action the log holds, and keeps a filtered action that no longer has entries.
  const options = [...new Set([...actions, ...(filters.action ? [filters.action] : [])])]
    .map((value) => ({ value, label: actionLabel(value) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));

  return (
    <section aria-labelledby="audit-heading" className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="audit-log">
      <header className="flex flex-col gap-3">
        <Link
          href="/dashboard/overview"
          className="inline-flex min-h-6 items-center gap-1.5 self-start rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-400"
        >
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
          {t("back")}
        </Link>
        <div className="flex items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-400">
            <ScrollText className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id="audit-heading" className="text-2xl font-extrabold tracking-tight">{t("heading")}</h2>
            <p className="text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
          </div>
        </div>
      </header>

      <AuditFilters
        key={`${filters.actor}|${filters.action}|${filters.from}|${filters.to}`}
        values={filters}
        actions={options}
        texts={{
          label: t("filtersLabel"), actor: t("actor"), actorPlaceholder: t("actorPlaceholder"), action: t("action"), anyAction: t("anyAction"),
          from: t("from"), to: t("to"), dateIncomplete: t("dateIncomplete"), apply: t("apply"), clear: t("clear"),
        }}
      />

      <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400" role="status" data-testid="audit-results">
        {t("results", { count: log.totalRecords })}
      </p>

      {log.items.length > 0 ? (
        <AuditList
          items={log.items}
          actionLabel={actionLabel}
          targetTypeLabel={targetTypeLabel}
          formatWhen={(iso) => when.format(new Date(iso))}
          formatValue={formatValue}
          texts={{
            caption: t("caption"), who: t("columns.who"), action: t("columns.action"), target: t("columns.target"), details: t("columns.details"),
            when: t("columns.when"), system: t("system"), noDetails: t("noDetails"), showDetails: t("showDetails"), before: t("before"), after: t("after"),
          }}
        />
      ) : (
        <p className="rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center font-semibold dark:border-zinc-700" data-testid="audit-empty">
          {filters.actor || filters.action || filters.from || filters.to ? t("empty") : t("emptyAll")}
        </p>
      )}

      <Pagination
        page={log.page}
        totalPages={log.totalPages}
        hrefFor={(p) => auditHref(filters, p)}
        t={(key, values) => tDiscovery(key, values as Record<string, string | number>)}
      />
    </section>
  );
}
