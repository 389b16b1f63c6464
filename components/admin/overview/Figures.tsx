import { BookOpen, Eye, Heart, Layers, ListChecks, UserPlus, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/i18n/navigation";
import type { Overview, StatusCounts } from "@/server/admin/overview";
import { buttonClass } from "@/components/ui/Button";

type T = (key: string, values?: Record<string, string | number>) => string;

function Card({ icon, title, children, testId, className = "" }: { icon: ReactNode; title: string; children: ReactNode; testId: string; className?: string }) {
  return (
    <div className={`flex min-w-0 flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900 ${className}`} data-testid={testId}>
      <h3 className="flex items-center gap-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300">
        <span className="grid size-8 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-400">{icon}</span>
        {title}
      </h3>
      {children}
    </div>
  );
}

function Big({ value, testId }: { value: string; testId: string }) {
  return <p className="text-3xl font-extrabold tabular-nums tracking-tight" data-testid={testId}>{value}</p>;
}

function StatusList({ counts, t, n, testId }: { counts: StatusCounts; t: T; n: (x: number) => string; testId: string }) {
  const dots = { pending: "bg-amber-500", accepted: "bg-emerald-600", rejected: "bg-red-600" } as const;
  return (
    <dl className="grid grid-cols-3 gap-2" data-testid={testId}>
      {(["pending", "accepted", "rejected"] as const).map((s) => (
        <div key={s} className="min-w-0 rounded-xl bg-zinc-50 px-2.5 py-2 dark:bg-zinc-800/60">
          <dt className="flex items-center gap-1.5 truncate text-xs font-medium text-zinc-600 dark:text-zinc-400">
            <span className={`size-2 shrink-0 rounded-full ${dots[s]}`} aria-hidden />
            {t(`status.${s}`)}
          </dt>
          <dd className="mt-0.5 text-lg font-bold tabular-nums" data-status={s}>{n(counts[s])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The overview's figures: accounts by role, the week's sign-ups, content by status, the review queue, views, favourites. */
export function Figures({ data, t, n }: { data: Overview; t: T; n: (x: number) => string }) {
  const roles = ["reader", "writer", "staff", "admin", "root"] as const;
  const waiting = data.reviewQueue.manga + data.reviewQueue.chapters;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Card icon={<Users className="size-4.5" aria-hidden />} title={t("accounts")} testId="figure-accounts" className="sm:col-span-2">
        <Big value={n(data.usersByRole.total)} testId="figure-accounts-total" />
        <dl className="grid grid-cols-2 gap-2 xs:grid-cols-3 md:grid-cols-5">
          {roles.map((r) => (
            <div key={r} className="min-w-0 rounded-xl bg-zinc-50 px-2.5 py-2 dark:bg-zinc-800/60">
              <dt className="text-xs leading-tight font-medium break-words text-zinc-600 dark:text-zinc-400">{t(`roles.${r}`)}</dt>
              <dd className="mt-0.5 text-lg font-bold tabular-nums" data-role={r}>{n(data.usersByRole[r])}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card icon={<UserPlus className="size-4.5" aria-hidden />} title={t("newUsers")} testId="figure-new-users">
        <Big value={n(data.newUsersThisWeek)} testId="figure-new-users-value" />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("newUsersHint")}</p>
      </Card>
      <Card icon={<ListChecks className="size-4.5" aria-hidden />} title={t("reviewQueue")} testId="figure-review-queue">
        <Big value={n(waiting)} testId="figure-review-queue-value" />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("reviewQueueText", { manga: data.reviewQueue.manga, chapters: data.reviewQueue.chapters })}</p>
        <Link
          href="/dashboard/manga-approval"
          className={`mt-auto ${buttonClass({ size: "sm" })}`}
          data-testid="review-queue-link"
        >
          {t("reviewLink")}
        </Link>
      </Card>
      <Card icon={<BookOpen className="size-4.5" aria-hidden />} title={t("manga")} testId="figure-manga" className="sm:col-span-1 xl:col-span-2">
        <StatusList counts={data.manga} t={t} n={n} testId="manga-by-status" />
      </Card>
      <Card icon={<Layers className="size-4.5" aria-hidden />} title={t("chapters")} testId="figure-chapters" className="sm:col-span-1 xl:col-span-2">
        <StatusList counts={data.chapters} t={t} n={n} testId="chapters-by-status" />
      </Card>
      <Card icon={<Eye className="size-4.5" aria-hidden />} title={t("viewsToday")} testId="figure-views-today" className="xl:col-span-2">
        <Big value={n(data.viewsToday)} testId="figure-views-today-value" />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("viewsTodayHint")}</p>
      </Card>
      <Card icon={<Heart className="size-4.5" aria-hidden />} title={t("favorites")} testId="figure-favorites" className="xl:col-span-2">
        <Big value={n(data.favoritesTotal)} testId="figure-favorites-value" />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("favoritesHint")}</p>
      </Card>
    </div>
  );
}
