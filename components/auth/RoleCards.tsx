"use client";

import { useTranslations } from "next-intl";
import { SelectableRole } from "@/lib/validation/auth";
import { ReaderArt, WriterArt } from "./RoleArt";

/** The Reader and Writer image cards (registration step 1, must-select-role step 1). */
export function RoleCards({ selected, onSelect }: { selected?: SelectableRole | null; onSelect: (role: SelectableRole) => void }) {
  const t = useTranslations("auth.register");
  const cards = [
    { role: SelectableRole.reader, title: t("reader"), text: t("readerText"), Art: ReaderArt, testId: "role-card-reader" },
    { role: SelectableRole.writer, title: t("writer"), text: t("writerText"), Art: WriterArt, testId: "role-card-writer" },
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {cards.map(({ role, title, text, Art, testId }) => (
        <button
          key={role}
          type="button"
          data-testid={testId}
          aria-pressed={selected === role}
          onClick={() => onSelect(role)}
          className="group flex flex-col overflow-hidden rounded-2xl border-2 border-zinc-200 bg-white text-start shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-lg hover:shadow-brand-600/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-pressed:border-brand-600 aria-pressed:ring-4 aria-pressed:ring-brand-500/15 dark:border-zinc-700 dark:bg-zinc-900"
        >
          <Art className="aspect-[10/7] w-full" />
          <span className="flex flex-col gap-1 p-4">
            <span className="text-lg font-bold text-zinc-900 group-hover:text-brand-700 dark:text-zinc-50 dark:group-hover:text-brand-400">{title}</span>
            <span className="text-sm text-zinc-600 dark:text-zinc-400">{text}</span>
          </span>
        </button>
      ))}
    </div>
  );
}
