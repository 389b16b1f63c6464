// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Button, IconButton, buttonClass } from "./Button";
import { Close } from "./icons";
import { axeViolations, renderIn } from "./kit-test-utils";

describe.each(["ltr", "rtl"] as const)("Button and IconButton (%s)", (dir) => {
  it("is a plain button by default that runs its action, and passes axe", async () => {
    const onClick = vi.fn();
    renderIn(dir, <Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("type")).toBe("button");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(await axeViolations()).toEqual([]);
  });

  it("while loading shows a spinner, says it is busy and cannot be pressed", () => {
    const onClick = vi.fn();
    renderIn(dir, <Button loading onClick={onClick}>Saving…</Button>);
    const button = screen.getByRole("button", { name: "Saving…" });
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("button-spinner")).toBeTruthy();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("an icon button is named by its label, has a 44 px target class and passes axe", async () => {
    renderIn(dir, <IconButton label="Close" icon={<Close />} />);
    const button = screen.getByRole("button", { name: "Close" });
    expect(button.getAttribute("title")).toBe("Close");
    expect(button.className).toContain("size-11");
    expect(button.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(await axeViolations()).toEqual([]);
  });
});

describe("buttonClass", () => {
  it("draws each variant differently and makes a full-width button on request", () => {
    const variants = (["primary", "secondary", "danger", "dangerOutline", "ghost", "dangerGhost"] as const).map((variant) => buttonClass({ variant }));
    expect(new Set(variants).size).toBe(6);
    expect(buttonClass({ full: true })).toContain("w-full");
    expect(buttonClass({ size: "sm" })).toContain("h-10");
  });
});
