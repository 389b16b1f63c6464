// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./Button";
import { axeViolations, renderIn } from "./kit-test-utils";
import { useDismiss } from "./use-dismiss";

function Dropdown({ escape }: { escape?: boolean }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useDismiss(root, open, () => setOpen(false), { escape });
  return (
    <>
      <p>Outside</p>
      <div ref={root}>
        <Button aria-expanded={open} aria-controls="list" onClick={() => setOpen((v) => !v)}>
          Chapters
        </Button>
        {open && (
          <ul id="list" aria-label="Chapter list">
            <li>
              <a href="#one">One</a>
            </li>
          </ul>
        )}
      </div>
    </>
  );
}

describe.each(["ltr", "rtl"] as const)("useDismiss (%s)", (dir) => {
  it("a press inside keeps the popover; a press outside or Escape dismisses it", async () => {
    renderIn(dir, <Dropdown />);
    const button = screen.getByRole("button", { name: "Chapters" });
    fireEvent.click(button);
    expect(screen.getByRole("list", { name: "Chapter list" })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    fireEvent.pointerDown(screen.getByRole("link", { name: "One" }));
    expect(screen.queryByRole("list")).not.toBeNull();
    fireEvent.pointerDown(screen.getByText("Outside"));
    expect(screen.queryByRole("list")).toBeNull();
    fireEvent.click(button);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("list")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("with escape: false, Escape is left to the screen's own hotkeys", () => {
    renderIn(dir, <Dropdown escape={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Chapters" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("list")).not.toBeNull();
  });
});
