"use client";

import { useTranslations } from "next-intl";
import { ChoiceCard } from "@/components/ui/ChoiceCard";
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
        <ChoiceCard key={role} testId={testId} pressed={selected === role} onPress={() => onSelect(role)} picture={<Art className="aspect-[10/7] w-full" />} title={title} text={text} />
      ))}
    </div>
  );
}
