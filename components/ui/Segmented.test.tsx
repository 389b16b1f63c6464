// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "./kit-test-utils";
import { Segmented } from "./Segmented";

function Language() {
  const [lang, setLang] = useState<"en" | "ar">("en");
  return (
    <>
      <Segmented
        legend="Preview language"
        options={[
          { value: "en", label: "English", testId: "seg-en" },
          { value: "ar", label: "Arabic", testId: "seg-ar" },
        ]}
        value={lang}
        onChange={setLang}
      />
      <p data-testid="chosen">{lang}</p>
    </>
  );
}

describe.each(["ltr", "rtl"] as const)("Segmented with made-up name and option test ids (%s)", (dir) => {
  it("is a named group of radios, one checked, and choosing another says so", async () => {
    renderIn(dir, <Language />);
    expect(screen.getByRole("group", { name: "Preview language" })).toBeTruthy();
    const english = screen.getByRole("radio", { name: "English" }) as HTMLInputElement;
    const arabic = screen.getByRole("radio", { name: "Arabic" }) as HTMLInputElement;
    expect(english.checked).toBe(true);
    expect(arabic.checked).toBe(false);
    expect(english.name).toBe(arabic.name);
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(screen.getByTestId("seg-ar"));
    expect(arabic.checked).toBe(true);
    expect(screen.getByTestId("chosen").textContent).toBe("ar");
    expect(await axeViolations()).toEqual([]);
  });
});
