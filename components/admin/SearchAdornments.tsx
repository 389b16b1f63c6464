"use client";

import { Loader2, Search, X } from "lucide-react";
import { IconButton } from "@/components/ui/Button";

/** The search icon at the field's start, and at its end the spinner while the list loads or the clear button. */
export function SearchAdornments({ pending = false, showClear = false, clearLabel = "", onClear }: { pending?: boolean; showClear?: boolean; clearLabel?: string; onClear?: () => void }) {
  return (
    <>
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
      {pending ? (
        <Loader2 className="absolute end-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-zinc-500" aria-hidden />
      ) : (
        showClear && <IconButton label={clearLabel} icon={<X />} onClick={onClear} className="absolute inset-y-0 end-0" />
      )}
    </>
  );
}
