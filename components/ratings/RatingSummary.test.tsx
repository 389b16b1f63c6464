// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import compile from "icu-minify/compile";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import { axeViolations, renderIn } from "@/components/ui/kit-test-utils";
import type { Compiled } from "@/i18n/format";
import { RatingSummary } from "./RatingSummary";

// Pages get their messages compiled (ADR 010), as here.
const label = { en: compile(en.manga.rating) as Compiled, ar: compile(ar.manga.rating) as Compiled };

/** The card's and the preview's rating line (docs/decisions/028): star, mean to one decimal, count; a sentence for screen readers. */
describe("RatingSummary", () => {
  it("shows nothing without a counted rating", () => {
    const { container } = renderIn("ltr", <RatingSummary mean={null} count={0} locale="en" label={label.en} />);
    expect(container.textContent).toBe("");
  });

  it("shows the mean to one decimal and the count, with the full sentence for screen readers, in English", async () => {
    renderIn("ltr", <RatingSummary mean={7.66} count={3} locale="en" label={label.en} />);
    expect(screen.getByTestId("rating-summary").textContent).toContain("7.7 (3)");
    expect(screen.getByText("Rated 7.7 out of 10 by 3 readers")).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it("formats numbers as the site does in Arabic and reads as an Arabic sentence", async () => {
    renderIn("rtl", <RatingSummary mean={9} count={1} locale="ar" label={label.ar} />);
    const nine = new Intl.NumberFormat("ar", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(9);
    expect(screen.getByTestId("rating-summary").textContent).toContain(nine);
    expect(screen.getByText(`التقييم ${nine} من 10 من قارئ واحد`)).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });
});
