import type { ReactNode } from "react";

/**
 * A large pressable card for choosing one of a few options with a picture (reader or writer at sign-up): a toggle
 * button (aria-pressed) holding a picture, a title and a line of text; the chosen one is outlined in the brand colour.
 */
export function ChoiceCard({ pressed, onPress, picture, title, text, testId }: { pressed: boolean; onPress: () => void; picture: ReactNode; title: ReactNode; text: ReactNode; testId?: string }) {
  return (
    <button
      type="button"
      data-testid={testId}
      aria-pressed={pressed}
      onClick={onPress}
      className="group flex flex-col overflow-hidden rounded-2xl border-2 border-zinc-200 bg-white text-start shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-lg hover:shadow-brand-600/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-pressed:border-brand-600 aria-pressed:ring-4 aria-pressed:ring-brand-500/15 dark:border-zinc-700 dark:bg-zinc-900"
    >
      {picture}
      <span className="flex flex-col gap-1 p-4">
        <span className="text-lg font-bold text-zinc-900 group-hover:text-brand-700 dark:text-zinc-50 dark:group-hover:text-brand-400">{title}</span>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">{text}</span>
      </span>
    </button>
  );
}
