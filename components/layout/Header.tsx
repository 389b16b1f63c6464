"use client";

import { LayoutDashboard, Menu, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Link, usePathname } from "@/i18n/navigation";
import { useAuth } from "@/components/providers/use-auth";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Logo } from "./Logo";
import { DesktopSearch, MobileSearch } from "./HeaderSearch";
import { ThemeToggle } from "./ThemeToggle";

const NAV = [
  { href: "/", key: "home" },
  { href: "/discovery", key: "discovery" },
] as const;

function useScrolled() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return scrolled;
}

function AuthButtons({ signedIn, stacked = false }: { signedIn: boolean; stacked?: boolean }) {
  const t = useTranslations("nav");
  const base = "inline-flex h-10 items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold transition";
  if (signedIn) {
    return (
      <Link href="/dashboard" className={`${base} bg-brand-600 text-white hover:bg-brand-700`}>
        <LayoutDashboard className="size-4" aria-hidden />
        {t("dashboard")}
      </Link>
    );
  }
  return (
    <div className={stacked ? "grid gap-2" : "flex items-center gap-2"}>
      <Link href={{ pathname: "/auth", query: { type: "login" } }} className={`${base} text-zinc-800 hover:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-800 ${stacked ? "border border-zinc-200 dark:border-zinc-700" : ""}`}>
        {t("login")}
      </Link>
      <Link href={{ pathname: "/auth", query: { type: "register" } }} className={`${base} bg-brand-600 text-white shadow-sm shadow-brand-600/30 hover:bg-brand-700`}>
        {t("register")}
      </Link>
    </div>
  );
}

export function Header({ brand }: { brand: string }) {
  const t = useTranslations("nav");
  // From the client session, so public pages stay static; shows the sign-in buttons until it is known.
  const signedIn = useAuth().status === "authenticated";
  const pathname = usePathname();
  const scrolled = useScrolled();
  // The menu belongs to the page it was opened on, so it is closed by any route change.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenedAt(open ? pathname : null);
  useEffect(() => {
    document.body.style.overflow = menuOpen ? "hidden" : "";
    return () => {
      document.body.style.overflow = "";
    };
  }, [menuOpen]);

  const isActive = (href: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-50 w-full transition-[background-color,box-shadow] duration-300 ${
        scrolled
          ? "bg-white shadow-md shadow-zinc-900/5 dark:bg-zinc-900 dark:shadow-black/30"
          : "bg-white/80 backdrop-blur dark:bg-zinc-950/80"
      }`}
    >
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-3 focus:rounded focus:bg-brand-600 focus:px-3 focus:py-2 focus:text-white">
        {t("skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-[1800px] items-center gap-3 px-4 sm:px-6 lg:gap-6 lg:px-8">
        <Logo label={brand} />
        <nav aria-label={t("mainNavigation")} className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              aria-current={isActive(item.href) ? "page" : undefined}
              className="rounded-full px-3 py-2 text-sm font-semibold text-zinc-600 transition hover:text-zinc-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 dark:text-zinc-300 dark:hover:text-white dark:aria-[current=page]:bg-brand-600/15 dark:aria-[current=page]:text-brand-400"
            >
              {t(item.key)}
            </Link>
          ))}
        </nav>
        <div className="flex flex-1 justify-end lg:justify-center">
          <DesktopSearch />
        </div>
        <div className="flex items-center gap-1">
          <MobileSearch />
          {/* On phones both live in the slide-out menu. */}
          <div className="hidden items-center gap-1 sm:flex">
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
          <div className="hidden md:block">
            <AuthButtons signedIn={signedIn} />
          </div>
          <button
            type="button"
            className="grid size-10 place-items-center rounded-full hover:bg-zinc-100 md:hidden dark:hover:bg-zinc-800"
            aria-label={t("openMenu")}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="size-6" aria-hidden />
          </button>
        </div>
      </div>

      {/* Mobile slide-out menu, from the reading start side. */}
      <div className={`fixed inset-0 z-[55] md:hidden ${menuOpen ? "" : "pointer-events-none"}`} aria-hidden={!menuOpen}>
        <div
          className={`absolute inset-0 bg-zinc-950/50 transition-opacity duration-300 ${menuOpen ? "opacity-100" : "opacity-0"}`}
          onClick={() => setMenuOpen(false)}
        />
        <div
          id="mobile-menu"
          role="dialog"
          aria-modal="true"
          aria-label={t("mainNavigation")}
          inert={!menuOpen}
          className={`absolute inset-y-0 start-0 flex w-[min(20rem,85vw)] flex-col gap-6 bg-white p-5 shadow-2xl transition-transform duration-300 dark:bg-zinc-900 ${
            menuOpen ? "translate-x-0" : "-translate-x-full rtl:translate-x-full"
          }`}
        >
          <div className="flex items-center justify-between">
            <Logo label={brand} />
            <button type="button" aria-label={t("closeMenu")} onClick={() => setMenuOpen(false)} className="grid size-10 place-items-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800">
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <nav className="grid gap-1" aria-label={t("mainNavigation")}>
            {NAV.map((item) => (
              <Link
                key={item.href}
                href={item.href}
                aria-current={isActive(item.href) ? "page" : undefined}
                className="rounded-xl px-4 py-3 text-base font-semibold hover:bg-zinc-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 dark:hover:bg-zinc-800 dark:aria-[current=page]:bg-brand-600/15 dark:aria-[current=page]:text-brand-400"
              >
                {t(item.key)}
              </Link>
            ))}
          </nav>
          <AuthButtons signedIn={signedIn} stacked />
          <div className="mt-auto flex items-center justify-between border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
        </div>
      </div>
    </header>
  );
}
