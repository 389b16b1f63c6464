"use client";

import {
  BadgeCheck, Bell, ChevronDown, Compass, Crown, FilePlus2, Flag, FolderKanban, Heart, LayoutDashboard, Library, Settings, Users, Wallet,
  type LucideIcon,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { Link } from "@/i18n/navigation";
import { NavRowButton, navRowClass } from "@/components/ui/NavRow";
import { isActivePath, type GroupKey, type IconName, type NavEntry } from "./navigation";

const ICONS: Record<IconName, LucideIcon> = {
  overview: LayoutDashboard,
  mangaManagement: Library,
  contentManagement: FolderKanban,
  createManga: FilePlus2,
  mangaApproval: BadgeCheck,
  userManagement: Users,
  siteSettings: Settings,
  discovery: Compass,
  notifications: Bell,
  favorites: Heart,
  premium: Crown,
  reports: Flag,
  monetization: Wallet,
};

const itemClass = navRowClass();

/**
 * The dashboard's navigation list (desktop sidebar and mobile menu). Sub-menus expand and collapse;
 * opening one closes any other (spec §2).
 */
export function SidebarNav({
  entries,
  pathname,
  openGroup,
  onToggleGroup,
  onNavigate,
  idPrefix,
}: {
  entries: readonly NavEntry[];
  pathname: string;
  openGroup: GroupKey | null;
  onToggleGroup: (key: GroupKey) => void;
  onNavigate?: () => void;
  idPrefix: string;
}) {
  const t = useTranslations("dashboard.nav");
  return (
    <ul className="flex flex-col gap-1">
      {entries.map((entry) => {
        const Icon = ICONS[entry.icon];
        if (entry.kind === "link") {
          const active = isActivePath(pathname, entry.href);
          return (
            <li key={entry.key}>
              <Link href={entry.href} aria-current={active ? "page" : undefined} onClick={onNavigate} className={itemClass}>
                <Icon className="size-5 shrink-0" aria-hidden />
                <span className="min-w-0 break-words">{t(entry.key)}</span>
              </Link>
            </li>
          );
        }
        const open = openGroup === entry.key;
        const childActive = entry.children.some((c) => isActivePath(pathname, c.href));
        const panelId = `${idPrefix}-${entry.key}`;
        return (
          <li key={entry.key}>
            <NavRowButton aria-expanded={open} aria-controls={panelId} onClick={() => onToggleGroup(entry.key)} strong={childActive}>
              <Icon className="size-5 shrink-0" aria-hidden />
              <span className="min-w-0 flex-1 break-words text-start">{t(entry.key)}</span>
              <ChevronDown className={`size-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden />
            </NavRowButton>
            <ul id={panelId} hidden={!open} className="mt-1 flex flex-col gap-1 border-s-2 border-zinc-200 ps-3 ms-5 dark:border-zinc-800">
              {entry.children.map((child) => {
                const ChildIcon = ICONS[child.icon];
                const active = isActivePath(pathname, child.href);
                return (
                  <li key={child.key}>
                    <Link href={child.href} aria-current={active ? "page" : undefined} onClick={onNavigate} className={itemClass}>
                      <ChildIcon className="size-4.5 shrink-0" aria-hidden />
                      <span className="min-w-0 break-words">{t(child.key)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
