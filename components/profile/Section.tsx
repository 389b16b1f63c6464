import type { ReactNode } from "react";

/** One card of the profile page: an anchor, a heading (h2, the page's h1 is the top bar's title) and its intro. */
export function Section({
  id,
  title,
  intro,
  tone = "default",
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  const border = tone === "danger" ? "border-red-200 dark:border-red-500/30" : "border-zinc-200 dark:border-zinc-800";
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      data-testid={`profile-section-${id}`}
      className={`scroll-mt-24 rounded-3xl border bg-white p-5 sm:p-6 dark:bg-zinc-900 ${border}`}
    >
      <h2 id={`${id}-heading`} className={`text-xl font-bold tracking-tight ${tone === "danger" ? "text-red-700 dark:text-red-400" : ""}`}>
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
