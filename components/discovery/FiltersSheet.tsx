"use client";

import { lazy, Suspense, useState, type ReactNode } from "react";
import { SlidersHorizontal } from "@/components/icons/ui";

// The kit's Dialog loads with the first opening: it is not part of the public page's first load (issue 29's budget).
const Dialog = lazy(() => import("@/components/ui/Dialog").then((m) => ({ default: m.Dialog })));

/**
 * Below the wide layout, the filters are in a sheet along the bottom edge (the kit's Dialog, sheetOnPhone), opened by
 * "Filters (n)". `children` is the server-rendered filter form; submitting it closes the sheet.
 */
export function FiltersSheet({ label, title, closeLabel, buttonClassName, children }: {
  label: string;
  title: string;
  closeLabel: string;
  /** The kit's button classes, worked out on the server (the kit's Button module stays out of the first load). */
  buttonClassName: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClassName} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="open-filters">
        <SlidersHorizontal className="size-4" aria-hidden />
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Dialog open onClose={() => setOpen(false)} title={title} closeLabel={closeLabel} sheetOnPhone width="md" testId="filters-sheet">
            <div onSubmit={() => setOpen(false)}>{children}</div>
          </Dialog>
        </Suspense>
      )}
    </>
  );
}
