"use client";

import { ArrowDown, ArrowUp, ArrowUpDown, Lock, Pencil, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button, IconButton } from "@/components/ui/Button";
import { Link } from "@/i18n/navigation";
import type { UserRow } from "@/lib/validation/users";
import { DeleteUserDialog } from "./DeleteUserDialog";
import { EditUserDrawer } from "./EditUserDrawer";
import { Chip, ROLE_TONES, UserAvatar, useUserFormat } from "./parts";
import { sortHref, type SortKey, type UserQuery } from "./user-query";

/**
 * The list itself (issue 15 screen 1, spec §2's columns): a table with sortable headings from 768 px, a card per user
 * below; each with its edit drawer and delete confirmation. Root's own row cannot be banned, demoted or deleted (the
 * server refuses it too): its controls are disabled with the reason.
 */
export function UsersView({ rows, query, viewerId }: { rows: UserRow[]; query: UserQuery; viewerId: number }) {
  const { t } = useUserFormat();
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const hintId = useId();

  const actions = { onEdit: setEditing, onDelete: setDeleting, viewerId };
  const column = t(`columns.${query.sort}`);

  return (
    <>
      {/* relative: the caption and hint (sr-only, absolutely placed) stay inside the scroller, not past the page's edge. */}
      <div
        className="relative hidden overflow-x-auto rounded-2xl border border-zinc-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:block dark:border-zinc-800 dark:bg-zinc-900"
        role="region"
        aria-label={t("heading")}
        tabIndex={0}
        data-testid="user-table-wrap"
      >
        <table className="w-full border-separate border-spacing-0 text-sm" data-testid="user-table" aria-describedby={hintId}>
          <caption className="sr-only">{t("caption", { column, direction: t(query.dir === "asc" ? "ascending" : "descending") })}</caption>
          <thead>
            <tr className="text-start text-xs font-semibold text-zinc-700 dark:text-zinc-300 [&>th]:border-b [&>th]:border-zinc-200 [&>th]:bg-zinc-50 dark:[&>th]:border-zinc-800 dark:[&>th]:bg-zinc-950">
              <SortHeader sortKey="username" query={query} label={t("columns.username")} sticky />
              <SortHeader sortKey="email" query={query} label={t("columns.email")} />
              <SortHeader sortKey="role" query={query} label={t("columns.role")} />
              <SortHeader sortKey="balance" query={query} label={t("columns.balance")} end />
              <Header label={t("columns.verified")} />
              <Header label={t("columns.banned")} />
              <Header label={t("columns.failedAttempts")} end />
              <SortHeader sortKey="lastLogin" query={query} label={t("columns.lastLogin")} />
              <Header label={t("columns.transactions")} />
              <Header label={t("columns.subscription")} />
              <SortHeader sortKey="created" query={query} label={t("columns.created")} wide />
              {/* The actions stay in view at the table's end while the columns scroll (as the username does at its start). */}
              <th scope="col" className="sticky end-0 z-[2] px-2.5 py-2 text-end">
                <span className="sr-only">{t("columns.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <TableRow key={row.id} row={row} {...actions} />
            ))}
          </tbody>
        </table>
        <p id={hintId} className="sr-only">{t("sortHint")}</p>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" data-testid="user-cards">
        {rows.map((row) => (
          <UserCard key={row.id} row={row} {...actions} />
        ))}
      </ul>

      {editing && <EditUserDrawer key={editing.id} user={editing} isSelf={editing.id === viewerId} onClose={() => setEditing(null)} />}
      {deleting && <DeleteUserDialog key={deleting.id} user={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

const cell = "border-b border-zinc-100 px-2.5 py-2.5 align-middle group-last:border-b-0 dark:border-zinc-800";
const sub = "block text-xs text-zinc-600 dark:text-zinc-400";

function Header({ label, end }: { label: string; end?: boolean }) {
  return (
    <th scope="col" className={`px-2.5 py-2 font-semibold ${end ? "text-end" : "text-start"}`}>
      {label}
    </th>
  );
}

function SortHeader({ sortKey, query, label, end, sticky, wide }: { sortKey: SortKey; query: UserQuery; label: string; end?: boolean; sticky?: boolean; wide?: boolean }) {
  const active = query.sort === sortKey;
  const Icon = active ? (query.dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th scope="col" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : "none"} className={`px-1 py-1 font-semibold ${end ? "text-end" : "text-start"} ${sticky ? "sticky start-0 z-[2]" : ""} ${wide ? "hidden 2xl:table-cell" : ""}`}>
      <Link
        href={sortHref(query, sortKey)}
        scroll={false}
        data-testid={`sort-${sortKey}`}
        className={`inline-flex min-h-9 items-center gap-1 rounded-lg px-1.5 whitespace-nowrap transition hover:bg-zinc-200/60 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 dark:hover:bg-zinc-800 dark:hover:text-white ${
          active ? "text-zinc-900 dark:text-white" : ""
        }`}
      >
        {label}
        <Icon className={`size-3.5 shrink-0 ${active ? "text-brand-600 dark:text-brand-400" : "opacity-60"}`} aria-hidden />
      </Link>
    </th>
  );
}

interface RowProps {
  row: UserRow;
  viewerId: number;
  onEdit: (row: UserRow) => void;
  onDelete: (row: UserRow) => void;
}

/** Username, full name and the "you" badge beside the avatar. */
function Identity({ row, isSelf, headingId }: { row: UserRow; isSelf: boolean; headingId?: string }) {
  const { t } = useUserFormat();
  const Name = headingId ? "h3" : "span";
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <UserAvatar user={row} />
      <span className="min-w-0">
        <span className="flex items-center gap-1.5">
          <Name id={headingId} className="truncate font-semibold text-zinc-900 dark:text-zinc-100" dir="auto" data-testid="user-username">
            {row.username}
          </Name>
          {isSelf && <Chip tone="brand">{t("you")}</Chip>}
        </span>
        <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400" dir="auto">
          {row.fullName}
        </span>
      </span>
    </span>
  );
}

function Verified({ row }: { row: UserRow }) {
  const { t } = useUserFormat();
  return row.emailVerified ? <Chip tone="green">{t("yes")}</Chip> : <Chip tone="zinc">{t("no")}</Chip>;
}

function Banned({ row }: { row: UserRow }) {
  const { t } = useUserFormat();
  return row.isBanned ? <Chip tone="red" testId="user-banned">{t("banned")}</Chip> : <span className="text-zinc-600 dark:text-zinc-400">{t("no")}</span>;
}

function Failed({ row }: { row: UserRow }) {
  const { t, number } = useUserFormat();
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums">
      {row.isLocked && (
        <Chip tone="amber">
          <Lock className="me-1 size-3" aria-hidden />
          {t("locked")}
        </Chip>
      )}
      {number(row.failedLoginAttempts)}
    </span>
  );
}

function Actions({ row, viewerId, onEdit, onDelete, compact }: RowProps & { compact?: boolean }) {
  const { t } = useUserFormat();
  const isSelf = row.id === viewerId;
  const reasonId = useId();
  const edit = { onClick: () => onEdit(row), "data-testid": "user-edit" };
  const remove = { onClick: () => onDelete(row), disabled: isSelf, "aria-describedby": isSelf ? reasonId : undefined, "data-testid": "user-delete" };
  return (
    <span className={`flex items-center gap-2 ${compact ? "justify-end" : "flex-wrap"}`}>
      {compact ? (
        <>
          <IconButton label={t("editLabel", { username: row.username })} icon={<Pencil />} {...edit} />
          <IconButton label={t("deleteLabel", { username: row.username })} icon={<Trash2 />} tone="danger" {...remove} {...(isSelf ? { title: t("selfReasons.delete") } : {})} />
        </>
      ) : (
        <>
          <Button variant="secondary" size="sm" className="flex-1" icon={<Pencil className="size-4" aria-hidden />} aria-label={t("editLabel", { username: row.username })} {...edit}>
            {t("edit")}
          </Button>
          <Button variant="danger" size="sm" className="flex-1" icon={<Trash2 className="size-4" aria-hidden />} aria-label={t("deleteLabel", { username: row.username })} title={isSelf ? t("selfReasons.delete") : undefined} {...remove}>
            {t("delete")}
          </Button>
        </>
      )}
      {isSelf && (
        <span id={reasonId} className={compact ? "sr-only" : "basis-full text-xs text-zinc-600 dark:text-zinc-400"} data-testid="self-delete-reason">
          {t("selfReasons.delete")}
        </span>
      )}
    </span>
  );
}

function TableRow(props: RowProps) {
  const { row, viewerId } = props;
  const { t, role, money, date, time } = useUserFormat();
  const isSelf = row.id === viewerId;
  const muted = "text-zinc-600 dark:text-zinc-400";
  return (
    <tr className="group" data-testid="user-row" data-user-id={row.id} data-username={row.username} data-banned={row.isBanned} data-role={row.role}>
      <th scope="row" className={`${cell} sticky start-0 z-[1] max-w-52 bg-white text-start font-normal transition group-hover:bg-zinc-50 dark:bg-zinc-900 dark:group-hover:bg-zinc-800`}>
        <Identity row={row} isSelf={isSelf} />
      </th>
      <td className={`${cell} max-w-44 text-zinc-700 transition group-hover:bg-zinc-50 dark:text-zinc-300 dark:group-hover:bg-zinc-800`} title={row.email}>
        <span dir="ltr" className="inline-block max-w-full truncate align-bottom">{row.email}</span>
      </td>
      <Td>
        <Chip tone={ROLE_TONES[row.role] ?? "zinc"} testId="user-role">{role(row.role)}</Chip>
      </Td>
      <Td className="text-end tabular-nums whitespace-nowrap">{money(row.balance)}</Td>
      <Td>
        <Verified row={row} />
      </Td>
      <Td>
        <Banned row={row} />
      </Td>
      <Td className="text-end">
        <Failed row={row} />
      </Td>
      <Td className="whitespace-nowrap text-zinc-700 dark:text-zinc-300">
        {row.lastLogin ? (
          <time dateTime={row.lastLogin}>
            {date(row.lastLogin)}
            <span className={sub}>{time(row.lastLogin)}</span>
          </time>
        ) : (
          <span className={muted}>{t("never")}</span>
        )}
      </Td>
      <Td className="whitespace-nowrap tabular-nums">
        {row.transactions.count > 0 ? (
          <>
            {t("transactionCount", { count: row.transactions.count })}
            <span className={sub}>{money(row.transactions.total)}</span>
          </>
        ) : (
          <span className={muted}>{t("none")}</span>
        )}
      </Td>
      <Td className="whitespace-nowrap" testId="user-subscription">
        {row.subscription ? (
          <>
            {t(`plans.${row.subscription.type}`)}
            <span className={sub}>{t("daysLeft", { count: row.subscription.remainingDays })}</span>
          </>
        ) : (
          <span className={muted}>{t("none")}</span>
        )}
      </Td>
      <Td className="hidden whitespace-nowrap text-zinc-700 2xl:table-cell dark:text-zinc-300">
        <time dateTime={row.createdAt}>{date(row.createdAt)}</time>
      </Td>
      <Td className="sticky end-0 z-[1] bg-white text-end dark:bg-zinc-900">
        <Actions {...props} compact />
      </Td>
    </tr>
  );
}

function Td({ className = "", testId, children }: { className?: string; testId?: string; children: React.ReactNode }) {
  return (
    <td className={`${cell} transition group-hover:bg-zinc-50 dark:group-hover:bg-zinc-800 ${className}`} data-testid={testId}>
      {children}
    </td>
  );
}

function UserCard(props: RowProps) {
  const { row, viewerId } = props;
  const { t, role, money, date, dateTime, subscription, transactions } = useUserFormat();
  const isSelf = row.id === viewerId;
  const headingId = useId();
  const subs = subscription(row.subscription);
  const tx = transactions(row.transactions);
  const item = (label: string, value: React.ReactNode, wide?: boolean) => (
    <div className={`min-w-0 ${wide ? "col-span-2" : ""}`}>
      <dt className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 min-w-0 text-sm text-zinc-900 dark:text-zinc-100">{value}</dd>
    </div>
  );
  return (
    <li
      className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="user-card"
      data-user-id={row.id}
      data-username={row.username}
      data-banned={row.isBanned}
      data-role={row.role}
    >
      <article aria-labelledby={headingId} className="flex flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <Identity row={row} isSelf={isSelf} headingId={headingId} />
          <Chip tone={ROLE_TONES[row.role] ?? "zinc"} testId="user-role">{role(row.role)}</Chip>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5">
          {item(t("columns.email"), <span dir="ltr" className="inline-block max-w-full truncate align-bottom">{row.email}</span>, true)}
          {item(t("columns.balance"), <span className="tabular-nums">{money(row.balance)}</span>)}
          {item(t("columns.failedAttempts"), <Failed row={row} />)}
          {item(t("columns.verified"), <Verified row={row} />)}
          {item(t("columns.banned"), <Banned row={row} />)}
          {item(t("columns.lastLogin"), row.lastLogin ? <time dateTime={row.lastLogin}>{dateTime(row.lastLogin)}</time> : t("never"))}
          {item(t("columns.created"), <time dateTime={row.createdAt}>{date(row.createdAt)}</time>)}
          {item(t("columns.transactions"), tx ?? t("none"))}
          {item(t("columns.subscription"), subs ?? t("none"))}
        </dl>
        <Actions {...props} />
      </article>
    </li>
  );
}
