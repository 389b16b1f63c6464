import type { ReactNode } from "react";
import { ChevronLeft, ChevronRight } from "@/components/icons/ui";
import type { Translate } from "@/i18n/format";
import { Link } from "@/i18n/navigation";
import { PAGE_BUTTONS, pageWindow } from "@/lib/pagination";

// Visibility classes per screen band (<480, 480–639, 640–767, ≥768 px), written out so Tailwind sees them.
const SHOW = ["inline-flex", "xs:inline-flex", "sm:inline-flex", "md:inline-flex"] as const;
const HIDE = ["hidden", "xs:hidden", "sm:hidden", "md:hidden"] as const;

/**
 * Pagination (spec §2): at most 3 page buttons below 480 px, 5 below 640 px, 7 below 768 px and 9 above, chosen
 * with CSS so the server-rendered HTML is already right (no jump after hydration). Every button is a real link
 * (shareable, crawlable, works without JavaScript) carrying its page number in `data-page`, so the catalogue can
 * turn pages itself (DiscoveryCatalogue listens for the clicks); it renders on the server and in the browser alike.
 */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  t,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  t: Translate;
}) {
  if (totalPages <= 1) return null;
  const windows = PAGE_BUTTONS.map((size) => new Set(pageWindow(page, totalPages, size)));
  const all = [...windows[windows.length - 1]!];
  const arrow =
    "inline-flex h-10 items-center gap-1 rounded-full px-3 text-sm font-semibold transition hover:bg-zinc-100 aria-disabled:pointer-events-none aria-disabled:opacity-40 aria-disabled:hover:bg-transparent dark:hover:bg-zinc-800";
  return (
    <nav aria-label={t("pagination")} className="flex items-center justify-center gap-1">
      <Arrow to={page > 1 ? page - 1 : null} hrefFor={hrefFor} className={arrow}>
        <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden />
        <span className="sr-only sm:not-sr-only">{t("previous")}</span>
      </Arrow>
      {all.map((n) => {
        const classes = windows.map((w, i) => (w.has(n) ? SHOW[i] : HIDE[i])).join(" ");
        const current = n === page;
        return (
          <Link
            key={n}
            href={hrefFor(n)}
            scroll={false}
            data-page={n}
            aria-label={t("page", { page: n })}
            aria-current={current ? "page" : undefined}
            className={`${classes} size-10 items-center justify-center rounded-full text-sm font-semibold tabular-nums transition ${
              current ? "bg-brand-600 text-white shadow-sm shadow-brand-600/30" : "hover:bg-zinc-100 dark:hover:bg-zinc-800"
            }`}
          >
            {n}
          </Link>
        );
      })}
      <Arrow to={page < totalPages ? page + 1 : null} hrefFor={hrefFor} className={arrow}>
        <span className="sr-only sm:not-sr-only">{t("next")}</span>
        <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
      </Arrow>
    </nav>
  );
}

/**
 * Previous or Next: a link to page `to`, or, at either end (`to` null), a plain element that says it is disabled. A
 * link with `aria-disabled` would still be a link (followed without CSS, listed by screen readers and crawlers).
 */
function Arrow({ to, hrefFor, className, children }: { to: number | null; hrefFor: (page: number) => string; className: string; children: ReactNode }) {
  if (to === null) {
    return (
      <span aria-disabled="true" className={className}>
        {children}
      </span>
    );
  }
  return (
    <Link href={hrefFor(to)} className={className} scroll={false} data-page={to}>
      {children}
    </Link>
  );
}
