import type { ReactNode } from "react";

/**
 * What a list, table or panel shows when it has nothing: an optional icon, a title, a line saying why or what to do,
 * and an optional action (a Button or a link drawn with buttonClass).
 */
export function EmptyState({ icon, title, text, action, testId }: { icon?: ReactNode; title: ReactNode; text?: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700" data-testid={testId}>
      {icon && <span className="mb-1 text-zinc-500 dark:text-zinc-400 [&>svg]:size-10">{icon}</span>}
      <p className="font-semibold text-zinc-900 dark:text-zinc-100">{title}</p>
      {text && <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{text}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
