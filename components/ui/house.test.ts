import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The house rule of issue 29: screens are built from the kit in components/ui. A feature component never draws its
 * own button, input, text area, select or dialog (it uses Button, IconButton, TextField, TextAreaField, SelectField,
 * CheckboxField, Switch, RadioCards, Dialog, ConfirmDialog, Drawer…), so each control looks and behaves one way, with
 * its label, error and focus wiring, everywhere. The kit is the only place that writes those elements.
 *
 * NOT_YET_ON_KIT lists the files that still draw their own, while they move onto the kit; it may only shrink: a file
 * that is clean must leave the list (the test says so), and a file that is not listed may not start drawing its own.
 */
const NOT_YET_ON_KIT = new Set([
  "components/dashboard/ProfileMenu.tsx",
  "components/discovery/CatalogueControls.tsx",
  "components/landing/CarouselControls.tsx",
  "components/layout/HeaderSearch.tsx",
  "components/layout/ScrollToTop.tsx",
  "components/layout/ThemeToggle.tsx",
  "components/layout/header-islands.tsx",
  "components/manga/HeartView.tsx",
  "components/notifications/NotificationBell.tsx",
  "components/publishing/MangaForm.tsx",
  "components/publishing/analytics/AnalyticsButton.tsx",
  "components/publishing/review/PageViewer.tsx",
  "components/reports/ReportButton.tsx",
]);

const RAW_CONTROL = /<(button|input|textarea|select|dialog)\b/;
/** A hand-painted brand button: the primary button's hover colour, or a fill toggled on a pressed or checked state. */
const BRAND_BUTTON = /hover:bg-brand-700|(?:aria-pressed|peer-checked):bg-brand-600/;
const ROOTS = ["components", "app"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx") ? [full] : [];
  });
}

const root = path.resolve(import.meta.dirname, "../..");
const files = ROOTS.flatMap((dir) => sources(path.join(root, dir)))
  .map((file) => path.relative(root, file).split(path.sep).join("/"))
  .filter((file) => !file.startsWith("components/ui/"));

describe("screens are built from the kit (components/ui)", () => {
  it("no feature component outside the list draws its own button, field or dialog", () => {
    const offenders = files.filter((file) => !NOT_YET_ON_KIT.has(file) && RAW_CONTROL.test(readFileSync(path.join(root, file), "utf8")));
    expect(offenders, "use the kit's Button, IconButton, fields and dialogs (components/ui) instead").toEqual([]);
  });

  it("no feature component paints a brand button of its own (the kit's primary button, badge or chip does)", () => {
    // The two public islands left draw theirs because the kit's button module would push the public pages past their
    // first-load budget (docs/decisions/010); they may only leave this list.
    const allowed = new Set(["components/layout/ScrollToTop.tsx", "components/layout/header-islands.tsx"]);
    const offenders = files.filter((file) => !allowed.has(file) && BRAND_BUTTON.test(readFileSync(path.join(root, file), "utf8")));
    expect(offenders, "use buttonClass / Button (components/ui/button-styles.ts), Badge or the chip classes").toEqual([]);
  });

  it("the list of files not yet on the kit only shrinks: a file that no longer draws its own leaves it", () => {
    const clean = [...NOT_YET_ON_KIT].filter((file) => !files.includes(file) || !RAW_CONTROL.test(readFileSync(path.join(root, file), "utf8")));
    expect(clean, "remove these from NOT_YET_ON_KIT in components/ui/house.test.ts").toEqual([]);
  });
});
