"use client";

import { useRef, type ReactNode } from "react";
import { IconButton } from "./Button";
import { useModal } from "./Dialog";
import { Close } from "./icons";

/**
 * A phone's navigation menu: a full-height panel that slides in from the reading start edge (left in English, right
 * in Arabic; the `.mobile-menu` rules in app/globals.css), on the native modal `<dialog>` (focus kept inside, Escape
 * closes it, focus returns to the opener). Its top row is `header` (a logo) beside the × ; a click on the backdrop
 * closes it too. Open it with `open` from the button that shows it (give that button `aria-controls={id}` and
 * `aria-expanded`); `onClose` runs however it closes. Use `Drawer` for a form about a row of a list instead.
 */
export function MenuSheet({ id, label, closeLabel, header, open, onClose, children }: { id: string; label: string; closeLabel: string; header: ReactNode; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useModal(ref, open);
  const close = () => ref.current?.close();
  return (
    // The content fills the panel, so a click that lands on the dialog itself is on its backdrop.
    <dialog ref={ref} id={id} aria-label={label} className="mobile-menu bg-white text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100" onClose={onClose} onClick={(event) => event.target === event.currentTarget && close()}>
      <div className="flex min-h-full flex-col">
        <div className="flex h-16 shrink-0 items-center justify-between px-4">
          {header}
          <IconButton label={closeLabel} icon={<Close />} onClick={close} />
        </div>
        {children}
      </div>
    </dialog>
  );
}
