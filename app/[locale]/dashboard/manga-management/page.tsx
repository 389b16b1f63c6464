import type { Metadata } from "next";
import Form from "next/form";
import { Plus, Search } from "lucide-react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { firstParam, openGatedPage, type DashboardPageProps } from "@/components/dashboard/open-page";
import { gatedPageMetadata } from "@/components/dashboard/page-metadata";
import { Button, buttonClass } from "@/components/ui/Button";
import { SelectField, TextField } from "@/components/ui/fields";
import { Pagination } from "@/components/ui/Pagination";
import { ManagedMangaList } from "@/components/publishing/ManagedMangaList";
import { getDb } from "@/db/client";
import { Role, Status } from "@/lib/enums";
import { getPathname, Link } from "@/i18n/navigation";
import { pickMessages } from "@/lib/i18n-pick";
import { listManagedManga } from "@/server/publishing/list-managed-manga";

type Props = DashboardPageProps;

const STATUS_PARAM = { pending: Status.Pending, accepted: Status.Accepted, rejected: Status.Rejected } as const;
type StatusParam = keyof typeof STATUS_PARAM;
const one = (v: string | string[] | undefined) => firstParam(v) ?? "";

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return gatedPageMetadata(params, "mangaManagement", PAGE_ROLES.mangaManagement);
}

/**
 * /dashboard/manga-management: a writer's own manga (root: everyone's, with the author), searched, filtered by status
 * and paged on the server (`?q=…&status=pending&page=2`).
 */
export default async function MangaManagementPage({ params, searchParams }: Props) {
  const opened = await openGatedPage(params, "mangaManagement");
  if ("denied" in opened) return opened.denied;
  const { locale, user, viewer } = opened;
  const query = await searchParams;
  const q = one(query.q).trim().slice(0, 100);
  const statusParam = (one(query.status) in STATUS_PARAM ? one(query.status) : "") as StatusParam | "";
  const requested = Number.parseInt(one(query.page), 10);
  const isRoot = user.role === Role.root;
  const [list, t, messages] = await Promise.all([
    listManagedManga({
      db: await getDb(),
      actor: viewer,
      search: q,
      status: statusParam ? STATUS_PARAM[statusParam] : undefined,
      page: Number.isFinite(requested) ? requested : 1,
    }),
    getTranslations("management"),
    getMessages(),
  ]);
  const path = "/dashboard/manga-management";
  const hrefFor = (page: number) => {
    const qs = new URLSearchParams();
    if (q) qs.set("q", q);
    if (statusParam) qs.set("status", statusParam);
    if (page > 1) qs.set("page", String(page));
    const s = qs.toString();
    return s ? `${path}?${s}` : path;
  };
  const filtered = Boolean(q || statusParam);

  return (
    <section aria-labelledby="page-title" className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 id="page-title" className="text-2xl font-extrabold tracking-tight">{isRoot ? t("headingRoot") : t("heading")}</h2>
          <p className="mt-1.5 text-zinc-600 dark:text-zinc-400">{isRoot ? t("introRoot") : t("intro")}</p>
        </div>
        <Link href="/dashboard/create-manga" className={buttonClass()}>
          <Plus className="size-5" aria-hidden />
          {t("create")}
        </Link>
      </div>

      <Form action={getPathname({ href: path, locale })} role="search" aria-label={t("search")} className="grid gap-3 rounded-2xl border border-zinc-200 bg-white p-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end dark:border-zinc-800 dark:bg-zinc-900">
        <TextField
          id="managed-search"
          label={t("search")}
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t("searchPlaceholder")}
          maxLength={100}
          inputClassName="ps-10"
          trailing={<Search className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4.5 text-zinc-400" aria-hidden />}
        />
        <SelectField id="managed-status" label={t("status")} name="status" defaultValue={statusParam}>
          <option value="">{t("allStatuses")}</option>
          <option value="pending">{t("statuses.0")}</option>
          <option value="accepted">{t("statuses.1")}</option>
          <option value="rejected">{t("statuses.2")}</option>
        </SelectField>
        <div className="flex gap-2">
          <Button type="submit" className="flex-1 sm:flex-none">
            {t("apply")}
          </Button>
          {filtered && (
            <Link href={path} className={buttonClass({ variant: "secondary" })}>
              {t("clear")}
            </Link>
          )}
        </div>
      </Form>

      <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status" data-testid="managed-count">{t("results", { count: list.totalDisplayRecords })}</p>
      {list.items.length === 0 ? (
        <p className="rounded-3xl border-2 border-dashed border-zinc-200 px-6 py-14 text-center text-zinc-600 dark:border-zinc-800 dark:text-zinc-400" data-testid="managed-empty">
          {filtered ? t("emptyFiltered") : t("empty")}
        </p>
      ) : (
        // The list's client parts: delete (management, upload) and the analytics dialog (creatorAnalytics, this page only).
        <NextIntlClientProvider locale={locale} messages={pickMessages(messages, ["management", "upload", "creatorAnalytics"])}>
          <ManagedMangaList rows={list.items} showAuthor={isRoot} />
        </NextIntlClientProvider>
      )}
      <Pagination page={list.pageNumber} totalPages={list.totalPages} hrefFor={hrefFor} t={(key, values) => t(key as "page", values as { page: number })} />
    </section>
  );
}
