"use client";

import { LoaderCircle } from "@/components/icons/ui";
import { useTexts } from "@/i18n/client";

/** The results box, and its "Searching..." state (also shown while the results code loads). */
export const resultsBoxClass = (fill: boolean) => `${fill ? "" : "max-h-[min(30rem,calc(100dvh-6rem))] overflow-y-auto overscroll-contain"} py-2`;
export function Searching() {
  const t = useTexts("search");
  return (
    <p role="status" className="flex items-center gap-2 px-4 py-3 text-sm text-zinc-500">
      <LoaderCircle className="size-4 animate-spin" aria-hidden />
      {t("searching")}
    </p>
  );
}

