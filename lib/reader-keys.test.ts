import { describe, expect, it } from "vitest";
import { DEFAULT_BINDINGS, keyLabel, keyMapFor, rebind, resolveBindings, sideOf, swipeAction, tapZoneAction, toKeyOverrides, toTouchSettings } from "./reader-keys";

describe("reader key bindings (issue 32)", () => {
  it("the defaults follow the reading direction: → is next left to right, previous right to left", () => {
    const bindings = resolveBindings({});
    expect(keyMapFor(bindings, "ltr").get("ArrowRight")).toBe("next");
    expect(keyMapFor(bindings, "rtl").get("ArrowRight")).toBe("previous");
    expect(keyMapFor(bindings, "rtl").get("ArrowLeft")).toBe("next");
    expect(keyMapFor(bindings, "ltr").get("=")).toBe("zoomIn");
    expect([sideOf(0), sideOf(1), sideOf(2)]).toEqual(["rtl", "ltr", "ltr"]);
  });

  it("rebinds a key, refuses a conflict or a reserved key, and a binding set back to its default is no change", () => {
    const first = rebind({}, "next.ltr", "D");
    expect(first).toEqual({ ok: true, overrides: { "next.ltr": ["d"] } });
    if (!first.ok) return;
    expect(keyMapFor(resolveBindings(first.overrides), "ltr").get("d")).toBe("next");
    expect(keyMapFor(resolveBindings(first.overrides), "ltr").get("ArrowRight")).toBeUndefined();
    // The rtl side keeps its own page turns.
    expect(keyMapFor(resolveBindings(first.overrides), "rtl").get("ArrowLeft")).toBe("next");
    expect(rebind(first.overrides, "previous.ltr", "g")).toEqual({ ok: false, reason: "conflict", action: "goToPage" });
    // A shared binding conflicts with either side's page turns.
    expect(rebind({}, "goToPage", "ArrowLeft")).toMatchObject({ ok: false, reason: "conflict", action: "previous" });
    // Left to right no longer uses →, but right to left does.
    expect(rebind(first.overrides, "goToPage", "ArrowRight")).toMatchObject({ ok: false, reason: "conflict", action: "previous" });
    expect(rebind({}, "next.rtl", "d")).toEqual({ ok: true, overrides: { "next.rtl": ["d"] } });
    for (const key of ["Escape", "?", "Tab", "Shift", "F12", "", "x".repeat(30)]) expect(rebind({}, "next.ltr", key)).toEqual({ ok: false, reason: "reserved" });
    expect(rebind(first.overrides, "next.ltr", "ArrowRight")).toEqual({ ok: true, overrides: {} });
  });

  it("keeps only valid stored bindings and touch settings", () => {
    expect(toKeyOverrides({ "next.ltr": ["D"], jump: ["j"], goToPage: ["Escape"], zoomIn: [], zoomOut: ["a", "b", "c", "d"] })).toEqual({ "next.ltr": ["d"] });
    expect(toKeyOverrides("nope")).toEqual({});
    expect(toTouchSettings({ tapZones: false, swipe: "yes", swipeSensitivity: "high", extra: 1 })).toEqual({ tapZones: false, swipeSensitivity: "high" });
    expect(keyLabel("ArrowLeft")).toBe("←");
    expect(keyLabel("g")).toBe("G");
    expect(keyLabel(" ")).toBe("Space");
    expect(DEFAULT_BINDINGS.zoomIn).toEqual(["+", "="]);
  });

  it("tap zones and swipes are mirrored for right-to-left titles", () => {
    expect([0.1, 0.5, 0.9].map((f) => tapZoneAction(f, "ltr"))).toEqual(["previous", "menu", "next"]);
    expect([0.1, 0.5, 0.9].map((f) => tapZoneAction(f, "rtl"))).toEqual(["next", "menu", "previous"]);
    expect(swipeAction(-100, 5, "medium", "ltr")).toBe("next");
    expect(swipeAction(-100, 5, "medium", "rtl")).toBe("previous");
    expect(swipeAction(100, 5, "medium", "rtl")).toBe("next");
    expect(swipeAction(-100, 5, "low", "ltr")).toBeNull(); // short of 120 px
    expect(swipeAction(-100, 90, "high", "ltr")).toBeNull(); // too steep: a scroll
  });
});
