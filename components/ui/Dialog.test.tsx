// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./Button";
import { ConfirmDialog, Dialog } from "./Dialog";
import { Drawer } from "./Drawer";
import { axeViolations, renderIn } from "./kit-test-utils";

function Opener({ onClosed }: { onClosed: (value: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      {open && (
        <Dialog
          title="Rename"
          description="Choose a new name."
          closeLabel="Close"
          onClose={(value) => {
            setOpen(false);
            onClosed(value);
          }}
          footer={<Button onClick={() => undefined}>Save</Button>}
        >
          <p>Body</p>
        </Dialog>
      )}
    </>
  );
}

describe.each(["ltr", "rtl"] as const)("Dialog, ConfirmDialog and Drawer (%s)", (dir) => {
  it("opens as a modal named by its title and described by its text, and the × closes it", async () => {
    const onClosed = vi.fn();
    renderIn(dir, <Opener onClosed={onClosed} />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Rename" }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe("Choose a new name.");
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClosed).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("while busy, Escape (cancel) is refused and the × does nothing", () => {
    const onClose = vi.fn();
    renderIn(dir, <Dialog title="Sending" closeLabel="Close" busy onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Sending" }) as HTMLDialogElement;
    const cancel = new Event("cancel", { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(dialog.open).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("a dialog with onSubmit wraps its content in a form", () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderIn(dir, <Dialog title="Edit" onClose={() => undefined} onSubmit={onSubmit} footer={<Button type="submit">Save</Button>} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it("a confirmation focuses Cancel first, runs the action, and while busy says so", async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const { rerender } = renderIn(
      dir,
      <ConfirmDialog title="Delete Aya?" confirmLabel="Delete" busyLabel="Deleting…" cancelLabel="Cancel" busy={false} onConfirm={onConfirm} onClose={onClose}>
        The account can no longer sign in.
      </ConfirmDialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(await axeViolations()).toEqual([]);
    rerender(
      <main>
        <ConfirmDialog title="Delete Aya?" confirmLabel="Delete" busyLabel="Deleting…" cancelLabel="Cancel" busy onConfirm={onConfirm} onClose={onClose}>
          The account can no longer sign in.
        </ConfirmDialog>
      </main>,
    );
    const busy = screen.getByRole("button", { name: "Deleting…" });
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a drawer is a modal named by its title with a close button and a footer", async () => {
    const onClose = vi.fn();
    renderIn(
      dir,
      <Drawer title="Edit user" subtitle="aya@example.com" closeLabel="Close" onClose={onClose} footer={<Button>Save</Button>}>
        <p>Fields</p>
      </Drawer>,
    );
    const drawer = screen.getByRole("dialog", { name: "Edit user" }) as HTMLDialogElement;
    expect(drawer.open).toBe(true);
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
