import type { Metadata } from "next";
import { SearchX, Users } from "lucide-react";
import type { AbstractIntlMessages } from "next-intl";
import { NextIntlClientProvider } from "next-intl";
import { getFormatter, getMessages, getTranslations } from "next-intl/server";
import { CreateUserButton } from "@/components/admin/users/CreateUserDialog";
import { UserFilters } from "@/components/admin/users/UserFilters";
import { UsersView } from "@/components/admin/users/UsersView";
import { parseUserQuery, USER_SORT_BY, USERS_PAGE_SIZE, userQueryHref } from "@/components/admin/users/user-query";
import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { openGatedPage, type DashboardPageProps } from "@/components/dashboard/open-page";
import { gatedPageMetadata } from "@/components/dashboard/page-metadata";
import { Pagination } from "@/components/ui/Pagination";
import { getDb } from "@/db/client";
import { Link, redirect } from "@/i18n/navigation";
import { listUsers } from "@/server/users/list-users";
import { buttonClass } from "@/components/ui/Button";

type Props = DashboardPageProps;

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return gatedPageMetadata(params, "userManagement", PAGE_ROLES.userManagement);
}

/** The texts this page's client islands read (the dashboard layout's provider does not carry `admin`). */
function islandMessages(all: AbstractIntlMessages): AbstractIntlMessages {
  const pick = (tree: unknown, ...keys: string[]) =>
    Object.fromEntries(keys.map((k) => [k, (tree as Record<string, AbstractIntlMessages> | undefined)?.[k] ?? {}]));
  return {
    admin: pick(all.admin, "users"),
    dashboard: pick(all.dashboard, "roles"),
    auth: pick(all.auth, "password", "birthDate"),
    validation: all.validation ?? {},
  } as AbstractIntlMessages;
}

/**
 * /dashboard/user-management (issue 15 screen 1, spec §2): root's list of every account — search, sort by a column,
 * role filter and pages, all in the URL — read on the server through listUsers (never the page's own HTTP API), with
 * client islands for the filters, the create dialog, the edit drawer and the delete confirmation, which call /api/User.
 */
export default async function UserManagementPage({ params, searchParams }: Props) {
  const opened = await openGatedPage(params, "userManagement");
  if ("denied" in opened) return opened.denied;
  const { locale, user } = opened;

  const query = parseUserQuery(await searchParams);
  const db = await getDb();
  const list = await listUsers({
    db,
    page: query.page,
    pageSize: USERS_PAGE_SIZE,
    sortDirection: query.dir,
    userSortBy: USER_SORT_BY[query.sort],
    searchTerm: query.q,
    roles: query.roles,
  });
  // A page past the end (the last user of the last page was deleted, an old link): the last page that has rows.
  if (list.items.length === 0 && query.page > list.totalPages) {
    return redirect({ href: userQueryHref({ ...query, page: list.totalPages }), locale });
  }

  const [t, tDiscovery, format, messages] = await Promise.all([getTranslations("admin.users"), getTranslations("discovery"), getFormatter(), getMessages()]);
  const filtered = query.q !== "" || query.roles.length > 0;
  const from = (list.pageNumber - 1) * list.pageSize + 1;
  const to = from + list.items.length - 1;
  const n = (value: number) => format.number(value);

  return (
    <NextIntlClientProvider messages={islandMessages(messages)}>
      <section aria-labelledby="users-heading" className="mx-auto flex max-w-[90rem] flex-col gap-6" data-testid="user-management">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h2 id="users-heading" className="text-2xl font-extrabold tracking-tight">
              {t("heading")}
            </h2>
            <p className="mt-1 max-w-2xl text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
          </div>
          <CreateUserButton />
        </header>

        <UserFilters query={query} />

        <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400" role="status" data-testid="user-results" data-total={list.totalRecords}>
          {list.items.length > 0 ? t("showing", { from: n(from), to: n(to), total: t("results", { count: list.totalRecords }) }) : t("results", { count: 0 })}
        </p>

        {list.items.length > 0 ? (
          <UsersView rows={list.items} query={query} viewerId={user.id} />
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700" data-testid="users-empty">
            {filtered ? <SearchX className="size-10 text-brand-600 dark:text-brand-400" aria-hidden /> : <Users className="size-10 text-brand-600 dark:text-brand-400" aria-hidden />}
            <p className="font-semibold" dir="auto">
              {!filtered ? t("empty") : query.q ? t("emptySearch", { search: query.q }) : t("emptyFiltered")}
            </p>
            {filtered && (
              <Link
                href={userQueryHref({ sort: query.sort, dir: query.dir })}
                className={`mt-1 ${buttonClass({ size: "sm" })}`}
                data-testid="users-clear-filters"
              >
                {t("clearFilters")}
              </Link>
            )}
          </div>
        )}

        <Pagination
          page={list.pageNumber}
          totalPages={list.totalPages}
          hrefFor={(p) => userQueryHref({ ...query, page: p })}
          t={(key, values) => tDiscovery(key, values as Record<string, string | number>)}
        />
      </section>
    </NextIntlClientProvider>
  );
}
