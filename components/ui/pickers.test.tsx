// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./Button";
import { DateTimeField } from "./DateTimeField";
import { FilePicker } from "./FilePicker";
import { axeViolations, renderIn } from "./kit-test-utils";
import { Segmented } from "./Segmented";

function Filter({ onChange }: { onChange: (v: string) => void }) {
  const [value, setValue] = useState<"all" | "unread">("all");
  return (
    <Segmented
      name="filter"
      legend="Show"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      options={[
        { value: "all", label: "All" },
        { value: "unread", label: "Unread" },
      ]}
    />
  );
}

describe.each(["ltr", "rtl"] as const)("pickers (%s)", (dir) => {
  it("a file picker is a labelled button-like control that hands over the chosen files and empties itself", async () => {
    const onFiles = vi.fn();
    renderIn(dir, <FilePicker id="pages" label="Choose images" accept="image/png" multiple onFiles={onFiles} describedBy="pages-hint" testId="pick" />);
    const input = screen.getByLabelText("Choose images") as HTMLInputElement;
    expect(input.type).toBe("file");
    expect(input.multiple).toBe(true);
    expect(input.getAttribute("accept")).toBe("image/png");
    const file = new File(["x"], "one.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(input.value).toBe("");
    document.body.insertAdjacentHTML("beforeend", '<p id="pages-hint">PNG only</p>');
    expect(await axeViolations()).toEqual([]);
  });

  it("a disabled file picker cannot be used", () => {
    renderIn(dir, <FilePicker label="Choose a PDF" disabled onFiles={() => undefined} />);
    expect((screen.getByLabelText("Choose a PDF") as HTMLInputElement).disabled).toBe(true);
  });

  it("segments are a radio group named by its legend; choosing one checks it", async () => {
    const onChange = vi.fn();
    renderIn(dir, <Filter onChange={onChange} />);
    expect(screen.getByRole("group", { name: "Show" })).toBeTruthy();
    const unread = screen.getByRole("radio", { name: "Unread" }) as HTMLInputElement;
    expect(unread.checked).toBe(false);
    fireEvent.click(screen.getByText("Unread"));
    expect(onChange).toHaveBeenCalledWith("unread");
    expect(unread.checked).toBe(true);
    expect((screen.getByRole("radio", { name: "All" }) as HTMLInputElement).checked).toBe(false);
    expect(await axeViolations()).toEqual([]);
  });
});

describe.each(["ltr", "rtl"] as const)("date-time field (%s)", (dir) => {
  it("is a labelled local date-time input with its hint, and with an error marks itself invalid and points at it", async () => {
    const { rerender } = renderIn(dir, <DateTimeField id="release" label="Scheduled release" hint="Your time zone: UTC." defaultValue="2031-05-06T07:08" />);
    const input = screen.getByLabelText("Scheduled release") as HTMLInputElement;
    expect(input.type).toBe("datetime-local");
    expect(input.value).toBe("2031-05-06T07:08");
    expect(input.getAttribute("aria-describedby")).toBe("release-hint");
    expect(await axeViolations()).toEqual([]);
    rerender(
      <main>
        <DateTimeField id="release" label="Scheduled release" hint="Your time zone: UTC." error="Choose a time in the future" />
      </main>,
    );
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("release-error");
    expect(document.getElementById("release-error")?.textContent).toBe("Choose a time in the future");
    expect(await axeViolations()).toEqual([]);
  });

  it("can be a date alone", () => {
    renderIn(dir, <DateTimeField id="day" label="Day" type="date" />);
    expect((screen.getByLabelText("Day") as HTMLInputElement).type).toBe("date");
  });
});

describe.each(["ltr", "rtl"] as const)("a quiet destructive button (%s)", (dir) => {
  it("is a kit button drawn in red, still named by its label", async () => {
    renderIn(dir, <Button variant="dangerGhost" size="sm">Delete</Button>);
    const button = screen.getByRole("button", { name: "Delete" });
    expect(button.className).toContain("text-red-700");
    expect(button.className).not.toContain("text-zinc-700");
    expect(await axeViolations()).toEqual([]);
  });
});
