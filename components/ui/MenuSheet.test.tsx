// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { IconButton } from "./Button";
import { axeViolations, renderIn } from "./kit-test-utils";
import { MenuSheet } from "./MenuSheet";

function Page({ onClosed }: { onClosed: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton label="Open menu" icon={<svg aria-hidden />} aria-expanded={open} aria-controls="menu" onClick={() => setOpen(true)} />
      <MenuSheet
        id="menu"
        label="Navigation"
        closeLabel="Close menu"
        header={<a href="#top">Home</a>}
        open={open}
        onClose={() => {
          setOpen(false);
          onClosed();
        }}
      >
        <nav aria-label="Main">
          <a href="#discovery">Discovery</a>
        </nav>
      </MenuSheet>
    </>
  );
}

describe.each(["ltr", "rtl"] as const)("MenuSheet (%s)", (dir) => {
  it("opens as a modal named by its label from its button, and the × closes it", async () => {
    const onClosed = vi.fn();
    renderIn(dir, <Page onClosed={onClosed} />);
    const opener = screen.getByRole("button", { name: "Open menu" });
    expect(opener.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(opener);
    const sheet = screen.getByRole("dialog", { name: "Navigation" }) as HTMLDialogElement;
    expect(sheet.open).toBe(true);
    expect(sheet.classList.contains("mobile-menu")).toBe(true);
    expect(opener.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "Discovery" })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    expect(sheet.open).toBe(false);
    expect(onClosed).toHaveBeenCalledOnce();
    expect(opener.getAttribute("aria-expanded")).toBe("false");
  });

  it("a click on the backdrop (the dialog itself) closes it; a click inside does not", () => {
    const onClosed = vi.fn();
    renderIn(dir, <Page onClosed={onClosed} />);
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const sheet = screen.getByRole("dialog", { name: "Navigation" }) as HTMLDialogElement;
    fireEvent.click(screen.getByRole("navigation", { name: "Main" }));
    expect(sheet.open).toBe(true);
    fireEvent.click(sheet);
    expect(sheet.open).toBe(false);
    expect(onClosed).toHaveBeenCalledOnce();
  });
});
