// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { axeViolations, renderIn } from "./kit-test-utils";
import { NavRowButton, navRowClass } from "./NavRow";

describe.each(["ltr", "rtl"] as const)("NavRow (%s)", (dir) => {
  it("draws links and buttons as the same rows; the button acts, says whether its sub-menu is open, and can be disabled", async () => {
    const onClick = vi.fn();
    renderIn(
      dir,
      <nav aria-label="Sections">
        <ul>
          <li>
            <a href="#overview" aria-current="page" className={navRowClass()}>
              Overview
            </a>
          </li>
          <li>
            <NavRowButton aria-expanded={false} aria-controls="more" onClick={onClick}>
              More
            </NavRowButton>
            <ul id="more" hidden>
              <li>
                <a href="#inner" className={navRowClass()}>
                  Inner
                </a>
              </li>
            </ul>
          </li>
          <li>
            <NavRowButton tone="danger" size="sm" disabled>
              Logout
            </NavRowButton>
          </li>
        </ul>
      </nav>,
    );
    const link = screen.getByRole("link", { name: "Overview" });
    const more = screen.getByRole("button", { name: "More" });
    expect(more.getAttribute("type")).toBe("button");
    expect(more.getAttribute("aria-expanded")).toBe("false");
    // A button row and a link row share their shape, so they line up.
    for (const shape of ["w-full", "min-h-11", "px-3", "gap-3"]) {
      expect(link.classList.contains(shape)).toBe(true);
      expect(more.classList.contains(shape)).toBe(true);
    }
    fireEvent.click(more);
    expect(onClick).toHaveBeenCalledOnce();
    const logout = screen.getByRole("button", { name: "Logout" }) as HTMLButtonElement;
    expect(logout.disabled).toBe(true);
    expect(logout.className).toContain("text-red-600");
    expect(logout.className).toContain("h-10");
    expect(await axeViolations()).toEqual([]);
  });

  it("marks the current page on navigation rows only, and `strong` replaces the row's colour", () => {
    expect(navRowClass()).toContain("aria-[current=page]:bg-brand-50");
    expect(navRowClass({ tone: "menu", size: "sm" })).not.toContain("aria-[current=page]");
    expect(navRowClass({ strong: true })).toContain("text-zinc-900");
    expect(navRowClass({ strong: true })).not.toContain("text-zinc-600");
    expect(navRowClass({ full: false }).split(" ")).not.toContain("w-full");
  });
});
