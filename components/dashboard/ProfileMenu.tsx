"use client";

import { ChevronDown, Download, LogOut, UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "@/i18n/navigation";
import { NavRowButton, navRowClass } from "@/components/ui/NavRow";
import { useDismiss } from "@/components/ui/use-dismiss";
import { endSession } from "@/components/providers/end-session";
import { syncAccountTheme } from "@/components/profile/account-theme";
import type { SessionUser } from "@/types/session";

/** The profile picture, or the first letter of the full name (spec §2). */
export function Avatar({ user, size = "size-9" }: { user: SessionUser; size?: string }) {
  const letter = Array.from(user.fullName.trim() || user.username)[0]?.toLocaleUpperCase() ?? "?";
  if (user.profileImageUrl) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- a small /media image with immutable caching; next/image adds nothing here
      <img src={user.profileImageUrl} alt="" data-testid="avatar-image" className={`${size} shrink-0 rounded-full object-cover ring-2 ring-white dark:ring-zinc-900`} />
    );
  }
  return (
    <span aria-hidden data-testid="avatar-letter" className={`${size} grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 text-sm font-bold text-white ring-2 ring-white dark:ring-zinc-900`}>
      {letter}
    </span>
  );
}

/**
 * Top-bar profile dropdown (spec §2): picture or first letter, username, full name, role label, a link
 * to profile-management and logout; beyond the spec, the chapters saved for offline (issue 32: signed-in readers land
 * in the dashboard, which has no footer). Closes on a click outside, on Escape and on choosing a link.
 * It also applies the theme kept on the account when this browser has not applied it yet (issue 16).
 */
export function ProfileMenu({ user }: { user: SessionUser }) {
  const t = useTranslations("dashboard");
  useEffect(() => syncAccountTheme(user.id, user.theme), [user.id, user.theme]);
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useDismiss(root, open, () => setOpen(false));

  return (
    <div ref={root} className="relative">
      {/* The kit has no pill around an avatar: its Button's padding would widen the phone's crowded top bar. */}
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="profile-menu-button"
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full p-1 pe-2 transition hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        <Avatar user={user} />
        {/* The visible username starts the accessible name (WCAG 2.5.3 label in name). */}
        <span className="hidden max-w-32 truncate text-sm font-semibold sm:block" dir="auto">{user.username}</span>
        <span className="sr-only">{t("profile.open")}</span>
        <ChevronDown className={`hidden size-4 text-zinc-500 transition-transform sm:block ${open ? "rotate-180" : ""}`} aria-hidden />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={user.username}
          className="absolute end-0 top-full z-50 mt-2 w-72 origin-top-right overflow-hidden rounded-2xl border border-zinc-200 bg-white p-2 shadow-xl shadow-zinc-900/10 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/40"
        >
          <ProfileCard user={user} />
          <div className="mt-2 flex flex-col gap-0.5">
            <Link
              href="/dashboard/profile-management"
              role="menuitem"
              className={navRowClass({ size: "sm", tone: "menu" })}
              onClick={() => setOpen(false)}
            >
              <UserRound className="size-4.5" aria-hidden />
              {t("profile.profile")}
            </Link>
            <Link href="/offline" role="menuitem" className={navRowClass({ size: "sm", tone: "menu" })} onClick={() => setOpen(false)}>
              <Download className="size-4.5" aria-hidden />
              {t("profile.offline")}
            </Link>
            <NavRowButton
              size="sm"
              tone="danger"
              role="menuitem"
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                void endSession();
              }}
            >
              <LogOut className="size-4.5 rtl:rotate-180" aria-hidden />
              {leaving ? t("profile.loggingOut") : t("profile.logout")}
            </NavRowButton>
          </div>
        </div>
      )}
    </div>
  );
}

/** The menu's head: the picture, full name, username and role. */
function ProfileCard({ user }: { user: SessionUser }) {
  const t = useTranslations("dashboard");
  const roleLabel = t.has(`roles.${user.role}`) ? t(`roles.${user.role}`) : t("roles.0");
  return (
    <div className="flex items-center gap-3 rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60">
      <Avatar user={user} size="size-11" />
      <div className="min-w-0">
        <p className="truncate font-bold" data-testid="profile-full-name">{user.fullName}</p>
        <p className="truncate text-sm text-zinc-500 dark:text-zinc-400" dir="ltr">@{user.username}</p>
        <span className="mt-1 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-500/15 dark:text-brand-400" data-testid="profile-role">
          {roleLabel}
        </span>
      </div>
    </div>
  );
}
