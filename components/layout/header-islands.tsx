"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, usePathname } from "@/i18n/navigation";
import { useAuth } from "@/components/providers/use-auth";
import { LayoutDashboard, Menu, X } from "@/components/icons/ui";

// Off the kit on purpose: the kit's Button module would add ~600 B gzip to every public page's first load (issue 29; every public page is within a few hundred bytes of its budget, tests/e2e/page-weight.spec.ts).

/**
 * The header's client islands (spec §2): the rest of the header is server-rendered (./Header.tsx), so these are all the
 * header code a public page loads besides search, language and theme.
 */

/** The sticky header, solid with a shadow once the page is scrolled. */
export function HeaderFrame({ children }: { children: ReactNode }) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-50 w-full transition-[background-color,box-shadow] duration-300 ${
        scrolled ? "bg-white shadow-md shadow-zinc-900/5 dark:bg-zinc-900 dark:shadow-black/30" : "bg-white/80 backdrop-blur dark:bg-zinc-950/80"
      }`}
    >
      {children}
    </header>
  );
}

/** The main navigation's links, the current section marked (aria-current). */
export function NavLinks({ items, className }: { items: ReadonlyArray<{ href: string; label: string }>; className: string }) {
  const pathname = usePathname();
  const isActive = (href: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));
  return items.map((item) => (
    <Link key={item.href} href={item.href} aria-current={isActive(item.href) ? "page" : undefined} className={className}>
      {item.label}
    </Link>
  ));
}

/**
 * "Dashboard" once the browser knows the user is signed in, "Login" and "Register" until then (public pages stay static).
 * On a manga's preview they carry it as the return path (`next`, lib/return-path.ts, checked again by the login form),
 * so signing in returns there. The test is written out here: the module's full check would weigh on every public page.
 */
export function AuthButtons({ labels, stacked = false }: { labels: { dashboard: string; login: string; register: string }; stacked?: boolean }) {
  const signedIn = useAuth().status === "authenticated";
  const pathname = usePathname();
  const next = /^\/discovery\/manga\/\d{1,9}$/.test(pathname) ? pathname : undefined;
  const authHref = (type: "login" | "register") => ({ pathname: "/auth", query: next ? { type, next } : { type } });
  const base = "inline-flex h-10 shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-full px-3 text-sm lg:px-4 font-semibold transition";
  if (signedIn) {
    return (
      <Link href="/dashboard" className={`${base} bg-brand-600 text-white hover:bg-brand-700`}>
        <LayoutDashboard className="size-4" />
        {labels.dashboard}
      </Link>
    );
  }
  return (
    <div className={stacked ? "grid gap-2" : "flex items-center gap-2"}>
      <Link
        href={authHref("login")}
        className={`${base} text-zinc-800 hover:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-800 ${stacked ? "border border-zinc-200 dark:border-zinc-700" : ""}`}
      >
        {labels.login}
      </Link>
      <Link href={authHref("register")} className={`${base} bg-brand-600 text-white shadow-sm shadow-brand-600/30 hover:bg-brand-700`}>
        {labels.register}
      </Link>
    </div>
  );
}

/**
 * The phone's slide-out menu, from the reading start side: its button and a modal `<dialog>`. The panel's content is
 * rendered by the server (`children`); `header` is its top row beside the close button. As a modal dialog it sits in
 * the top layer (above the page, whatever the header's backdrop blur does to fixed descendants), keeps focus inside,
 * closes on Escape and hands focus back to the button, all from the browser itself. The menu belongs to the page it
 * was opened on, so any route change closes it.
 */
export function MobileMenu({ labels, header, children }: { labels: { open: string; close: string; menu: string }; header: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => dialog.current?.close(), [pathname]);
  const close = () => dialog.current?.close();
  return (
    <>
      <button
        type="button"
        className="grid size-10 place-items-center rounded-full hover:bg-zinc-100 md:hidden dark:hover:bg-zinc-800"
        aria-label={labels.open}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => {
          dialog.current?.showModal();
          setOpen(true);
        }}
      >
        <Menu className="size-6" />
      </button>
      {/* A click on the backdrop lands on the dialog itself (its content fills it): that closes it too. */}
      <dialog
        ref={dialog}
        id="mobile-menu"
        aria-label={labels.menu}
        className="mobile-menu bg-white text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100"
        onClose={() => setOpen(false)}
        onClick={(event) => event.target === event.currentTarget && close()}
      >
        <div className="flex min-h-full flex-col gap-6 p-5">
          <div className="flex items-center justify-between">
            {header}
            <button type="button" aria-label={labels.close} onClick={close} className="grid size-10 place-items-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800">
              <X className="size-5" />
            </button>
          </div>
          {children}
        </div>
      </dialog>
    </>
  );
}
