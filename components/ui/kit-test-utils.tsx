import { cleanup, render, type RenderResult } from "@testing-library/react";
import axe from "axe-core";
import type { ReactElement } from "react";
import { afterEach } from "vitest";

afterEach(cleanup);

/**
 * Renders a kit component inside a page of the given direction (`<html lang dir>`), as the site does for English and
 * Arabic. happy-dom has no layout, so colour contrast is left to the browser suite's axe check.
 */
export function renderIn(dir: "ltr" | "rtl", ui: ReactElement): RenderResult {
  document.documentElement.lang = dir === "rtl" ? "ar" : "en";
  document.documentElement.dir = dir;
  document.title = "Kit";
  return render(<main>{ui}</main>);
}

/** axe-core's WCAG 2.2 A/AA findings on the document (colour contrast aside): their ids and the offending HTML. */
export async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
  });
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html}`));
}
