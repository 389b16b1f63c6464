// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { CheckboxField, PasswordField, RadioCards, SelectField, Switch, TextAreaField, TextField } from "./fields";
import { axeViolations, renderIn } from "./kit-test-utils";

function RegisteredForm() {
  const { register } = useForm({ defaultValues: { name: "Aya" } });
  return <TextField id="name" label="Name" hint="As shown on your profile" registration={register("name")} />;
}

describe.each(["ltr", "rtl"] as const)("fields (%s)", (dir) => {
  it("a text field is labelled, shows its hint, and with an error marks itself invalid and points at the message", async () => {
    const { rerender } = renderIn(dir, <TextField id="email" label="Email" hint="We never share it" />);
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-describedby")).toBe("email-hint");
    expect(screen.getByText("We never share it")).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    rerender(
      <main>
        <TextField id="email" label="Email" hint="We never share it" error="Enter a valid email" />
      </main>,
    );
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("email-error");
    expect(document.getElementById("email-error")?.textContent).toBe("Enter a valid email");
    expect(screen.queryByText("We never share it")).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it("takes a react-hook-form registration", () => {
    renderIn(dir, <RegisteredForm />);
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Aya");
  });

  it("a password field toggles between hidden and shown with the labels it is given", async () => {
    renderIn(dir, <PasswordField id="pw" label="Password" showLabel="Show password" hideLabel="Hide password" />);
    const input = screen.getByLabelText("Password") as HTMLInputElement;
    expect(input.type).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(input.type).toBe("text");
    expect(screen.getByRole("button", { name: "Hide password" }).getAttribute("aria-pressed")).toBe("true");
    expect(await axeViolations()).toEqual([]);
  });

  it("a text area counts its characters left to right and turns red past the limit", async () => {
    const { rerender } = renderIn(dir, <TextAreaField id="note" label="Note" counter={{ count: 12, max: 20 }} />);
    const counter = document.getElementById("note-counter")!;
    expect(counter.textContent).toBe("12 / 20");
    expect(counter.querySelector("[dir=ltr]")).toBeTruthy();
    expect(screen.getByLabelText("Note").getAttribute("aria-describedby")).toBe("note-counter");
    rerender(
      <main>
        <TextAreaField id="note" label="Note" counter={{ count: 21, max: 20 }} error="Too long" />
      </main>,
    );
    expect(counter.className).toContain("text-red-700");
    expect(screen.getByLabelText("Note").getAttribute("aria-describedby")).toBe("note-error note-counter");
    expect(await axeViolations()).toEqual([]);
  });

  it("a select, a checkbox and radio cards are labelled and pass axe", async () => {
    const onRadio = vi.fn();
    renderIn(
      dir,
      <>
        <SelectField id="sort" label="Sort by" defaultValue="b">
          <option value="a">A</option>
          <option value="b">B</option>
        </SelectField>
        <CheckboxField id="terms" label="I accept the terms" error="Required" />
        <RadioCards id="reason" legend="Reason" options={[{ value: 1, label: "Spam", hint: "Ads or links" }, { value: 2, label: "Other" }]} value={1} onChange={onRadio} />
      </>,
    );
    expect((screen.getByLabelText("Sort by") as HTMLSelectElement).value).toBe("b");
    expect(screen.getByLabelText("I accept the terms").getAttribute("aria-invalid")).toBe("true");
    expect((screen.getByRole("radio", { name: /Spam/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "Other" }));
    expect(onRadio).toHaveBeenCalledWith("2");
    expect(screen.getByRole("group", { name: "Reason" })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it("a switch says whether it is on and flips when pressed", async () => {
    function Harness() {
      const [on, setOn] = useState(false);
      return <Switch id="mail" label="Email me" hint="At most one a day" checked={on} onChange={setOn} />;
    }
    renderIn(dir, <Harness />);
    const toggle = screen.getByRole("switch", { name: "Email me" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(await axeViolations()).toEqual([]);
  });
});
