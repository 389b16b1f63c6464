"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

/** The results box, and its "Searching..." state (also shown while the results code loads). */
export const resultsBoxClass = (fill: boolean) => `${fill ? "" : "max-h-80 overflow-y-auto overscroll-contain"} py-2`;
export function Searching() {
  const t = useTranslations("search");
  return (
    <p role="status" className="flex items-center gap-2 px-4 py-3 text-sm text-zinc-500">
      <Loader2 className="size-4 animate-spin" aria-hidden />
      {t("searching")}
    </p>
  );
}

