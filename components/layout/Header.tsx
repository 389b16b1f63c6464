import { getTranslations } from "next-intl/server";
import { AuthButtons, HeaderFrame, MobileMenu, NavLinks } from "./header-islands";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Logo } from "./Logo";
import { DesktopSearch, MobileSearch } from "./HeaderSearch";
import { ThemeToggle } from "./ThemeToggle";

/**
 * The public header (spec §2): logo, navigation, search, language, theme and the account buttons; on phones the
 * navigation, account, language and theme live in a slide-out menu. Rendered on the server; the parts that react to
 * the browser (scrolling, the current page, the session, the menu) are the islands of ./header-islands.tsx.
 */
export async function Header({ brand }: { brand: string }) {
  const t = await getTranslations("nav");
  const nav = [
    { href: "/", label: t("home") },
    { href: "/discovery", label: t("discovery") },
  ];
  const account = { dashboard: t("dashboard"), login: t("login"), register: t("register") };
  return (
    <HeaderFrame>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-3 focus:rounded focus:bg-brand-600 focus:px-3 focus:py-2 focus:text-white">
        {t("skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-[1800px] items-center gap-3 px-4 sm:px-6 lg:gap-6 lg:px-8">
        <Logo label={brand} />
        <nav aria-label={t("mainNavigation")} className="hidden items-center gap-1 md:flex">
          <NavLinks
            items={nav}
            className="rounded-full px-3 py-2 text-sm font-semibold text-zinc-600 transition hover:text-zinc-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 dark:text-zinc-300 dark:hover:text-white dark:aria-[current=page]:bg-brand-600/15 dark:aria-[current=page]:text-brand-400"
          />
        </nav>
        <div className="flex flex-1 justify-end lg:justify-center">
          <DesktopSearch />
        </div>
        <div className="flex items-center gap-1">
          <MobileSearch />
          {/* On phones both live in the slide-out menu. */}
          <div className="hidden items-center gap-1 sm:flex">
            <LanguageSwitcher compact />
            <ThemeToggle />
          </div>
          <div className="hidden md:block">
            <AuthButtons labels={account} />
          </div>
          <MobileMenu labels={{ open: t("openMenu"), close: t("closeMenu"), menu: t("mainNavigation") }} header={<Logo label={brand} />}>
            <nav className="grid gap-1" aria-label={t("mainNavigation")}>
              <NavLinks
                items={nav}
                className="rounded-xl px-4 py-3 text-base font-semibold hover:bg-zinc-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 dark:hover:bg-zinc-800 dark:aria-[current=page]:bg-brand-600/15 dark:aria-[current=page]:text-brand-400"
              />
            </nav>
            <AuthButtons labels={account} stacked />
            <div className="mt-auto flex items-center justify-between border-t border-zinc-200 pt-4 dark:border-zinc-800">
              <LanguageSwitcher />
              <ThemeToggle />
            </div>
          </MobileMenu>
        </div>
      </div>
    </HeaderFrame>
  );
}
