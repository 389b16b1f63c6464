// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./Button";
import { DateTimeField, INCOMPLETE_DATE } from "./DateTimeField";
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

const PARTS = { day: "Day", month: "Month", year: "Year", hour: "Hour", minute: "Minute" };

/** The field as a form holds it: the value it reports, shown back. */
function Release({ initial = "", onValue, type, locale }: { initial?: string; onValue?: (v: string) => void; type?: "date"; locale: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeField id="release" label="Scheduled release" hint="Your time zone: UTC." locale={locale} partLabels={PARTS} type={type} value={value} years={{ from: 2030, to: 2032 }}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
      <button type="button" onClick={() => setValue("")}>Clear</button>
      <output data-testid="value">{value}</output>
    </>
  );
}

const part = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;

describe.each([["ltr", "en"], ["rtl", "ar"]] as const)("date-time field (%s)", (dir, locale) => {
  it("is a labelled group of day, month, year, hour and minute in the language's order, with its hint", async () => {
    renderIn(dir, <Release initial="2031-05-06T07:08" locale={locale} />);
    const group = screen.getByRole("group", { name: "Scheduled release" });
    expect(group.getAttribute("aria-describedby")).toBe("release-hint");
    const order = [...group.querySelectorAll("select")].map((s) => s.dataset.part);
    expect(order).toEqual(locale === "ar" ? ["day", "month", "year", "hour", "minute"] : ["month", "day", "year", "hour", "minute"]);
    expect([part("Year").value, part("Month").value, part("Day").value, part("Hour").value, part("Minute").value]).toEqual(["2031", "05", "06", "07", "08"]);
    // Month names in the page's language, not numbers; no browser date input (its format is the browser's).
    expect(part("Month").selectedOptions[0]!.textContent).toBe(locale === "ar" ? "مايو" : "May");
    expect(document.querySelector('input[type="datetime-local"], input[type="date"]')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it("reports the same value as the browser's input did: local ISO, empty for none, incomplete for some", () => {
    const onValue = vi.fn();
    renderIn(dir, <Release locale={locale} onValue={onValue} />);
    fireEvent.change(part("Month"), { target: { value: "02" } });
    expect(onValue).toHaveBeenLastCalledWith(INCOMPLETE_DATE);
    fireEvent.change(part("Day"), { target: { value: "30" } });
    fireEvent.change(part("Year"), { target: { value: "2032" } });
    // A complete date starts at midnight; 30 February moves to the month's last day (2032 is a leap year).
    expect(onValue).toHaveBeenLastCalledWith("2032-02-29T00:00");
    expect(part("Hour").value).toBe("00");
    fireEvent.change(part("Hour"), { target: { value: "19" } });
    fireEvent.change(part("Minute"), { target: { value: "45" } });
    expect(screen.getByTestId("value").textContent).toBe("2032-02-29T19:45");
    // A value set from outside (a form's reset) empties the parts.
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect([part("Year").value, part("Month").value, part("Day").value, part("Hour").value]).toEqual(["", "", "", ""]);
  });

  it("with an error marks its parts invalid and points at it", async () => {
    renderIn(dir, <DateTimeField id="release" label="Scheduled release" hint="Your time zone: UTC." error="Choose a time in the future" locale={locale} partLabels={PARTS} value="" onChange={() => {}} />);
    expect(part("Day").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("group", { name: "Scheduled release" }).getAttribute("aria-describedby")).toBe("release-error");
    expect(document.getElementById("release-error")?.textContent).toBe("Choose a time in the future");
    expect(await axeViolations()).toEqual([]);
  });

  it("can be a date alone", () => {
    const onValue = vi.fn();
    renderIn(dir, <Release type="date" locale={locale} onValue={onValue} />);
    expect(screen.queryByLabelText("Hour")).toBeNull();
    fireEvent.change(part("Year"), { target: { value: "2030" } });
    fireEvent.change(part("Month"), { target: { value: "12" } });
    fireEvent.change(part("Day"), { target: { value: "31" } });
    expect(onValue).toHaveBeenLastCalledWith("2030-12-31");
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
