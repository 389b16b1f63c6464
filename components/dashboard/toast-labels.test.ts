import { describe, expect, it } from "vitest";
import ar from "@/messages/ar.json";
import en from "@/messages/en.json";
import { labelToastTimers, TOAST_TIMER_SELECTOR, type LabelTarget } from "./toast-labels";

class Bar implements LabelTarget {
  constructor(private readonly attributes: Record<string, string>) {}
  getAttribute(name: string) {
    return this.attributes[name] ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
}

describe("toast progress bar labels (issue 28, item 5)", () => {
  it("replaces react-toastify's English 'notification timer' with the page language's label", () => {
    const bars = [new Bar({ role: "progressbar", "aria-label": "notification timer" }), new Bar({ role: "progressbar", "aria-label": "notification timer" })];
    const asked: string[] = [];
    const root = { querySelectorAll: (selector: string) => (asked.push(selector), bars) };
    expect(labelToastTimers(root, ar.dashboard.toasts.timer)).toBe(2);
    expect(asked).toEqual([TOAST_TIMER_SELECTOR]);
    expect(bars.map((b) => b.getAttribute("aria-label"))).toEqual([ar.dashboard.toasts.timer, ar.dashboard.toasts.timer]);
    // Already labelled: nothing to write (the observer's own change does not loop).
    expect(labelToastTimers(root, ar.dashboard.toasts.timer)).toBe(0);
  });

  it("has the label in both languages, Arabic in Arabic script", () => {
    expect(en.dashboard.toasts.timer).toBe("Time until this message closes");
    expect(ar.dashboard.toasts.timer).toMatch(/^[\u0600-\u06FF\s]+$/);
  });
});
