// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "./kit-test-utils";
import { ToggleChip } from "./ToggleChip";

function Roles() {
  const [on, setOn] = useState<string[]>(["Writer"]);
  return (
    <fieldset>
      <legend>Roles</legend>
      {["Reader", "Writer"].map((role) => (
        <ToggleChip key={role} checked={on.includes(role)} onChange={(next) => setOn((r) => (next ? [...r, role] : r.filter((x) => x !== role)))} testId={`chip-${role}`}>
          {role}
        </ToggleChip>
      ))}
    </fieldset>
  );
}

describe.each(["ltr", "rtl"] as const)("ToggleChip (%s)", (dir) => {
  it("is a labelled checkbox that turns on and off and says so", async () => {
    renderIn(dir, <Roles />);
    const reader = screen.getByRole("checkbox", { name: "Reader" }) as HTMLInputElement;
    const writer = screen.getByRole("checkbox", { name: "Writer" }) as HTMLInputElement;
    expect(reader.checked).toBe(false);
    expect(writer.checked).toBe(true);
    expect(screen.getByTestId("chip-Writer").getAttribute("data-checked")).toBe("true");
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(reader);
    expect(reader.checked).toBe(true);
    expect(screen.getByTestId("chip-Reader").getAttribute("data-checked")).toBe("true");
    fireEvent.click(writer);
    expect(writer.checked).toBe(false);
    expect(await axeViolations()).toEqual([]);
  });
});
