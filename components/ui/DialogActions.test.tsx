// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DialogActions } from "./DialogActions";
import { axeViolations, renderIn } from "./kit-test-utils";

describe.each(["ltr", "rtl"] as const)("DialogActions (%s)", (dir) => {
  it("submits the form, and while busy says so and waits", async () => {
    const submit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const cancel = vi.fn();
    const { rerender } = renderIn(
      dir,
      <form onSubmit={submit} aria-label="Report">
        <DialogActions cancelLabel="Cancel" onCancel={cancel} label="Send" busyLabel="Sending…" testId="send" />
      </form>,
    );
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByTestId("send"));
    expect(submit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(cancel).toHaveBeenCalledTimes(1);

    rerender(
      <main>
        <form onSubmit={submit} aria-label="Report">
          <DialogActions cancelLabel="Cancel" onCancel={cancel} label="Send" busyLabel="Sending…" busy testId="send" />
        </form>
      </main>,
    );
    const action = screen.getByTestId("send") as HTMLButtonElement;
    expect(action.textContent).toContain("Sending…");
    expect(action.disabled).toBe(true);
    expect(action.getAttribute("aria-busy")).toBe("true");
    expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
    expect(await axeViolations()).toEqual([]);
  });

  it("with keepFocus stays focusable while busy (aria-disabled) and ignores presses", async () => {
    const confirm = vi.fn();
    const cancel = vi.fn();
    renderIn(dir, <DialogActions cancelLabel="Cancel" onCancel={cancel} label="Close month" busyLabel="Saving…" busy keepFocus onConfirm={confirm} testId="go" />);
    const action = screen.getByTestId("go") as HTMLButtonElement;
    expect(action.disabled).toBe(false);
    expect(action.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(action);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(confirm).not.toHaveBeenCalled();
    expect(cancel).not.toHaveBeenCalled();
    expect(await axeViolations()).toEqual([]);
  });
});
