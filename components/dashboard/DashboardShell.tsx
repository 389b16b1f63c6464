"use client";

import { Home, Menu, X } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import { Link, usePathname } from "@/i18n/navigation";
import { LanguageSwitcher } from "@/components/layout/LanguageSwitcher";
import { Logo } from "@/components/layout/Logo";
import { ScrollOnRouteChange } from "@/components/layout/ScrollToTop";
import { ThemeToggle } from "@/components/layout/ThemeToggle";
import { NotificationBell } from "@/components/notifications/NotificationBell";
import { NotificationsProvider } from "@/components/notifications/NotificationsProvider";
import { useAuth } from "@/components/providers/use-auth";
import { PremiumBanner } from "@/components/premium/PremiumBanner";
import { IconButton } from "@/components/ui/Button";
import { MenuSheet } from "@/components/ui/MenuSheet";
import { navRowClass } from "@/components/ui/NavRow";
import { Role } from "@/lib/enums";
import type { SessionUser } from "@/types/session";
import { groupOf, headerTitleKeyFor, navigationFor, type GroupKey } from "./navigation";
import { ProfileMenu } from "./ProfileMenu";
import { SidebarNav } from "./SidebarNav";
import { watchToastTimers } from "./toast-labels";

/** Spec §9 toasts on the dashboard: bottom-right, 5 s, newest on top, pause on hover, progress bar. */
export const TOAST_OPTIONS = { position: "bottom-right", autoClose: 5000, newestOnTop: true, pauseOnHover: true, hideProgressBar: false } as const;

/**
 * The dashboard frame (spec §2): a sidebar on wide screens and a slide-in menu on phones, both with the
 * role's navigation; a top bar with the page title (from the path), language and theme switches, a slot
 * for later widgets (notifications, premium) and the profile dropdown; toasts bottom-right.
 */
export function DashboardShell(props: ShellProps) {
  // The notifications (bell, live connection, toasts) live as long as the dashboard: leaving it closes the socket.
  return (
    <NotificationsProvider>
      <ShellFrame {...props} />
    </NotificationsProvider>
  );
}

interface ShellProps {
  user: SessionUser;
  brand: string;
  /** Extra top-bar widgets (e.g. the premium banner's). */
  widgets?: ReactNode;
  children: ReactNode;
}

function ShellFrame({
  user: initialUser,
  brand,
  widgets,
  children,
}: ShellProps) {
  const t = useTranslations("dashboard");
  const pathname = usePathname();
  // The live session (e.g. after a profile change) wins over the one the server rendered with.
  const live = useAuth().user;
  const user = live ?? initialUser;
  const entries = navigationFor(user.role);

  const [openGroup, setOpenGroup] = useState<GroupKey | null>(() => groupOf(entries, pathname));
  const toggleGroup = (key: GroupKey) => setOpenGroup((current) => (current === key ? null : key));

  // The mobile menu belongs to the page it was opened on (the path it was opened at): any route change closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const menuOpen = menuPath === pathname;
  const closeMenu = () => setMenuPath(null);

  // The path's title, or "Access denied" on a page this role gets the 403 view of.
  const title = t(headerTitleKeyFor(pathname, user.role));

  const backToSite = <BackToSite label={t("nav.backToSite")} />;

  return (
    <div className="min-h-screen bg-zinc-50 dark:bg-zinc-950">
      <ScrollOnRouteChange />
      {/* Desktop sidebar */}
      <aside className="fixed inset-y-0 start-0 z-30 hidden w-68 flex-col border-e border-zinc-200 bg-white lg:flex dark:border-zinc-800 dark:bg-zinc-900">
        <div className="flex h-16 items-center px-5">
          <Logo label={brand} />
        </div>
        <nav aria-label={t("nav.label")} className="flex-1 overflow-y-auto px-3 py-4" data-testid="dashboard-sidebar">
          <SidebarNav entries={entries} pathname={pathname} openGroup={openGroup} onToggleGroup={toggleGroup} idPrefix="sidebar" />
        </nav>
        <div className="border-t border-zinc-200 p-3 dark:border-zinc-800">{backToSite}</div>
      </aside>

      {/* Mobile slide-in menu, from the reading start side (the same as the public site's phone menu). */}
      <MenuSheet id="dashboard-mobile-menu" label={t("nav.label")} closeLabel={t("menu.close")} header={<Logo label={brand} />} open={menuOpen} onClose={closeMenu}>
        <nav aria-label={t("nav.label")} className="flex-1 overflow-y-auto px-3 py-2" data-testid="dashboard-mobile-nav">
          <SidebarNav entries={entries} pathname={pathname} openGroup={openGroup} onToggleGroup={toggleGroup} onNavigate={closeMenu} idPrefix="mobile" />
        </nav>
        <div className="flex items-center justify-between gap-2 border-t border-zinc-200 p-3 dark:border-zinc-800">
          {backToSite}
          <LanguageSwitcher />
        </div>
      </MenuSheet>

      <div className="flex min-h-screen flex-col lg:ps-68">
        <TopBar title={title} menuOpen={menuOpen} onOpenMenu={() => setMenuPath(pathname)} user={user} widgets={widgets} />
        <main id="main" className="mx-auto w-full max-w-[1800px] flex-1 p-4 sm:p-6 lg:p-8">
          {/* Root reads every chapter (server/visibility.ts): a subscription would give it nothing. */}
          {user.role !== Role.root && <PremiumBanner userId={user.id} />}
          {children}
        </main>
      </div>
      <Toasts />
    </div>
  );
}

/** The top bar: the phone's menu button, the page title, the widgets, language, theme and the profile menu. */
function TopBar({ title, menuOpen, onOpenMenu, user, widgets }: { title: string; menuOpen: boolean; onOpenMenu: () => void; user: SessionUser; widgets: ReactNode }) {
  const t = useTranslations("dashboard");
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-zinc-200 bg-white/90 px-3 backdrop-blur sm:px-6 dark:border-zinc-800 dark:bg-zinc-900/90">
      <IconButton className="lg:hidden" label={t("menu.open")} icon={<Menu aria-hidden />} aria-expanded={menuOpen} aria-controls="dashboard-mobile-menu" onClick={onOpenMenu} />
      <h1 className="min-w-0 flex-1 truncate text-lg font-bold tracking-tight sm:text-xl" data-testid="dashboard-title">
        {title}
      </h1>
      <div className="flex items-center gap-1">
        <NotificationBell />
        {widgets}
        <div className="hidden sm:block">
          <LanguageSwitcher />
        </div>
        <ThemeToggle />
        <ProfileMenu user={user} />
      </div>
    </header>
  );
}

function BackToSite({ label }: { label: string }) {
  return (
    <Link href="/" className={navRowClass({ size: "sm", tone: "muted", full: false })}>
      <Home className="size-4.5" aria-hidden />
      {label}
    </Link>
  );
}

const noSubscription = () => () => {};

/** The toasts (react-toastify), with their region's, close buttons' and progress bars' names in the page's language. */
function Toasts() {
  const t = useTranslations("dashboard");
  const locale = useLocale();
  // react-toastify writes "notification timer" on the progress bars with no option to change it.
  const toasts = useRef<HTMLDivElement>(null);
  const timerLabel = t("toasts.timer");
  useEffect(() => (toasts.current ? watchToastTimers(toasts.current, timerLabel) : undefined), [timerLabel]);
  // Pause on hover (spec §9) where there is hover: on a touch screen a toast would otherwise stay for good once a tap
  // under it counted as a hover, covering what is under it (a phone's bottom row).
  const canHover = useSyncExternalStore(noSubscription, () => !window.matchMedia("(hover: none)").matches, () => true);
  return (
    <div ref={toasts} className="contents">
      <ToastContainer
        {...TOAST_OPTIONS}
        pauseOnHover={canHover}
        rtl={locale === "ar"}
        theme="light"
        // A burst of live notifications shows three at a time; the rest wait their turn.
        limit={3}
        // The library's own labels are English: the region's and the close button's come in the page's language.
        aria-label={t("toasts.region")}
        closeButton={({ closeToast }) => <IconButton label={t("toasts.close")} icon={<X aria-hidden />} onClick={closeToast} className="-me-1.5 -mt-1.5" />}
      />
    </div>
  );
}
