import { Role } from "@/lib/enums";

/**
 * Dashboard navigation by role, exactly as spec §2 lists it. Staff and admin get the reader's
 * navigation (the spec shows none for them), as does a missing or unknown role.
 */
export type NavKey =
  | "overview" | "mangaManagement" | "createManga" | "mangaApproval" | "userManagement" | "siteSettings"
  | "discovery" | "notifications" | "favorites" | "premium" | "reports" | "monetization";
export type GroupKey = "contentManagement";
export type IconName =
  | "overview" | "mangaManagement" | "contentManagement" | "createManga" | "mangaApproval" | "userManagement"
  | "siteSettings" | "discovery" | "notifications" | "favorites" | "premium" | "reports" | "monetization";

export interface NavLink {
  kind: "link";
  key: NavKey;
  href: string;
  icon: IconName;
}
export interface NavGroup {
  kind: "group";
  key: GroupKey;
  icon: IconName;
  children: NavLink[];
}
export type NavEntry = NavLink | NavGroup;

const link = (key: NavKey, path: string): NavLink => ({ kind: "link", key, href: `/dashboard/${path}`, icon: key });
const L = {
  overview: link("overview", "overview"),
  mangaManagement: link("mangaManagement", "manga-management"),
  createManga: link("createManga", "create-manga"),
  mangaApproval: link("mangaApproval", "manga-approval"),
  userManagement: link("userManagement", "user-management"),
  siteSettings: link("siteSettings", "site-settings"),
  discovery: link("discovery", "discovery"),
  notifications: link("notifications", "notifications"),
  favorites: link("favorites", "favorites"),
  premium: link("premium", "premium"),
  reports: link("reports", "reports"),
  monetization: link("monetization", "monetization"),
};
const contentManagement: NavGroup = {
  kind: "group",
  key: "contentManagement",
  icon: "contentManagement",
  children: [L.createManga, L.mangaApproval],
};

/** Root's group also holds the reports queue (issue 15, beyond the spec). */
const rootContentManagement: NavGroup = { ...contentManagement, children: [...contentManagement.children, L.reports] };

/** Monetization (issue 16 §3, a spec route its navigation does not list) closes the writer's and root's lists. */
const ROOT_NAV: readonly NavEntry[] = [
  L.overview, L.mangaManagement, rootContentManagement, L.userManagement, L.siteSettings, L.discovery, L.notifications, L.favorites, L.premium,
  L.monetization,
];
const WRITER_NAV: readonly NavEntry[] = [contentManagement, L.mangaManagement, L.discovery, L.favorites, L.premium, L.monetization];
const READER_NAV: readonly NavEntry[] = [L.discovery, L.favorites, L.premium];

export function navigationFor(role: number | null | undefined): readonly NavEntry[] {
  if (role === Role.root) return ROOT_NAV;
  if (role === Role.writer) return WRITER_NAV;
  return READER_NAV;
}

/** The manga editor and its chapters' page managers: under manga-approval, but reached from "Manga management". */
const EDITOR = "/dashboard/manga-approval/editor";

/** Whether `pathname` (without the locale prefix) is `href` or below it (the editor counting as manga management's). */
export function isActivePath(pathname: string, href: string): boolean {
  const editor = pathname === EDITOR || pathname.startsWith(`${EDITOR}/`);
  const path = editor ? pathname.replace("/dashboard/manga-approval/", "/dashboard/manga-management/") : pathname;
  return path === href || path.startsWith(`${href}/`);
}

/** The group holding the page being shown, so it starts open. */
export function groupOf(entries: readonly NavEntry[], pathname: string): GroupKey | null {
  for (const entry of entries) {
    if (entry.kind === "group" && entry.children.some((c) => isActivePath(pathname, c.href))) return entry.key;
  }
  return null;
}

export type TitleKey =
  | "profileSettings" | "profileAccount" | "profile" | "overview" | "mangaManagement" | "createManga" | "mangaApproval" | "editManga"
  | "userManagement" | "siteSettings" | "discovery" | "notifications" | "favorites" | "premium" | "monetization" | "dashboard"
  | "auditLog" | "reports";

/** Spec §2: the header title comes from the path, checked in this order. */
const TITLES: ReadonlyArray<readonly [string, TitleKey]> = [
  ["profile/settings", "profileSettings"],
  ["profile/account", "profileAccount"],
  ["profile", "profile"],
  ["overview", "overview"],
  ["audit-log", "auditLog"],
  ["reports", "reports"],
  ["manga-management", "mangaManagement"],
  ["create-manga", "createManga"],
  // The writer's (and root's) manga editor lives under manga-approval but is no approval (issue 31, 6e).
  ["manga-approval/editor", "editManga"],
  ["manga-approval", "mangaApproval"],
  ["user-management", "userManagement"],
  ["site-settings", "siteSettings"],
  ["discovery", "discovery"],
  ["notifications", "notifications"],
  ["favorites", "favorites"],
  ["premium", "premium"],
  ["monetization", "monetization"],
];

export function titleKeyFor(pathname: string): TitleKey {
  const rest = pathname.replace(/^\/dashboard\/?/, "");
  for (const [fragment, key] of TITLES) if (rest.includes(fragment)) return key;
  return "dashboard";
}

/** Who may open the dashboard pages that are not for every signed-in user (mirrors the API's access table). */
export const PAGE_ROLES = {
  overview: [Role.root],
  mangaManagement: [Role.writer, Role.root],
  createManga: [Role.writer, Role.root],
  mangaApproval: [Role.writer, Role.root],
  monetization: [Role.writer, Role.root],
  userManagement: [Role.root],
  siteSettings: [Role.root],
  auditLog: [Role.root],
  reports: [Role.root],
  /** Approving or rejecting a submission. */
  approve: [Role.root],
} as const satisfies Record<string, readonly Role[]>;

export function mayOpen(role: number, allowed: readonly number[]): boolean {
  return allowed.includes(role);
}

/** The pages that show a role outside their PAGE_ROLES the 403 view (components/dashboard/Forbidden.tsx), by path. */
const GATED_PAGES: ReadonlyArray<readonly [RegExp, keyof typeof PAGE_ROLES]> = [
  [/^\/dashboard\/overview\/?$/, "overview"],
  [/^\/dashboard\/manga-management\/?$/, "mangaManagement"],
  [/^\/dashboard\/create-manga\/?$/, "createManga"],
  [/^\/dashboard\/manga-approval(?:\/editor\/[^/]+)?\/?$/, "mangaApproval"],
  [/^\/dashboard\/monetization\/?$/, "monetization"],
  [/^\/dashboard\/user-management\/?$/, "userManagement"],
  [/^\/dashboard\/site-settings\/?$/, "siteSettings"],
  [/^\/dashboard\/audit-log\/?$/, "auditLog"],
  [/^\/dashboard\/reports\/?$/, "reports"],
];

/** Whether the page at `pathname` (without the locale prefix) answers this role with the 403 view. */
export function isForbiddenPage(pathname: string, role: number): boolean {
  const gate = GATED_PAGES.find(([pattern]) => pattern.test(pathname));
  return gate !== undefined && !mayOpen(role, PAGE_ROLES[gate[1]]);
}

/**
 * The header's title (message key under `dashboard`): the path's own title, or the 403 view's ("Access denied") where
 * the role gets that view, as the tab's title already does (page-metadata.ts). Both come in the page's language.
 */
export function headerTitleKeyFor(pathname: string, role: number): `titles.${TitleKey}` | "forbidden.title" {
  return isForbiddenPage(pathname, role) ? "forbidden.title" : `titles.${titleKeyFor(pathname)}`;
}
