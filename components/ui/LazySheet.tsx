"use client";

import { lazy, Suspense, useState, type ReactNode } from "react";

// The Dialog module loads with the first opening: it stays out of a public page's first load (issue 29's budget).
const Dialog = lazy(() => import("./Dialog").then((m) => ({ default: m.Dialog })));

/**
 * A button that opens a sheet along the bottom edge on phones (the kit's Dialog with sheetOnPhone, a centred card
 * wider up), loaded on first use. `buttonClassName` is the kit's button classes worked out by the caller on the server
 * (buttonClass), so the Button module is not shipped for it; `children` may be server-rendered. A form submitted inside
 * the sheet closes it.
 */
export function LazySheet({ label, icon, title, closeLabel, buttonClassName, testId, children }: {
  label: ReactNode;
  icon?: ReactNode;
  title: ReactNode;
  closeLabel: string;
  buttonClassName: string;
  testId?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClassName} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid={testId && `${testId}-open`}>
        {icon}
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Dialog open onClose={() => setOpen(false)} title={title} closeLabel={closeLabel} sheetOnPhone width="md" testId={testId}>
            <div onSubmit={() => setOpen(false)}>{children}</div>
          </Dialog>
        </Suspense>
      )}
    </>
  );
}
