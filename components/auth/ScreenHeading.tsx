import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

const TONES = {
  brand: "bg-brand-50 text-brand-600 ring-brand-100 dark:bg-brand-500/10 dark:text-brand-400 dark:ring-brand-500/20",
  success: "bg-emerald-50 text-emerald-600 ring-emerald-100 dark:bg-emerald-500/10 dark:text-emerald-400 dark:ring-emerald-500/20",
  warning: "bg-amber-50 text-amber-600 ring-amber-100 dark:bg-amber-500/10 dark:text-amber-400 dark:ring-amber-500/20",
  danger: "bg-red-50 text-red-600 ring-red-100 dark:bg-red-500/10 dark:text-red-400 dark:ring-red-500/20",
} as const;

/** Icon badge, title and description at the top of a single-purpose auth screen. */
export function ScreenHeading({
  icon: Icon,
  title,
  children,
  tone = "brand",
  spin = false,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  tone?: keyof typeof TONES;
  spin?: boolean;
}) {
  return (
    <div className="flex flex-col items-center text-center">
      <span className={`grid size-16 place-items-center rounded-2xl ring-8 ${TONES[tone]}`}>
        <Icon className={`size-7 ${spin ? "animate-spin" : ""}`} aria-hidden />
      </span>
      <h1 id="auth-title" className="mt-6 text-2xl font-extrabold tracking-tight sm:text-3xl">
        {title}
      </h1>
      {children && <div className="mt-2 max-w-md text-zinc-600 dark:text-zinc-400">{children}</div>}
    </div>
  );
}
