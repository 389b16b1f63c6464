import type { MouseEvent, ReactNode } from "react";

/**
 * The reader is always dark, whatever the site's theme: its chrome (header, footer) and its panels (help, settings)
 * sit in this layer, so the kit's pieces inside draw their dark look. A click on a modal dialog's backdrop (it lands on
 * the dialog element itself, its content filling it) closes that dialog, as the reader's panels always did.
 */
export function ReaderLayer({ children }: { children: ReactNode }) {
  return (
    <div className="dark contents" onClick={closeOnBackdrop}>
      {children}
    </div>
  );
}

function closeOnBackdrop(event: MouseEvent<HTMLDivElement>) {
  if (event.target instanceof HTMLDialogElement) event.target.close();
}
