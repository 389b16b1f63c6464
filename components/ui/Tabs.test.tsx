// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { TabPanel, Tabs } from "./Tabs";
import { axeViolations, renderIn } from "./kit-test-utils";

function Harness() {
  const [tab, setTab] = useState<"landing" | "discovery" | "faq">("landing");
  const items = [
    { key: "landing" as const, label: "Landing" },
    { key: "discovery" as const, label: "Discovery" },
    { key: "faq" as const, label: "FAQ" },
  ];
  return (
    <>
      <Tabs idBase="settings" label="Pages" items={items} selected={tab} onSelect={setTab} />
      {items.map((item) => (
        <TabPanel key={item.key} idBase="settings" tab={item.key} selected={tab === item.key}>
          {item.label} panel
        </TabPanel>
      ))}
    </>
  );
}

describe.each(["ltr", "rtl"] as const)("Tabs (%s)", (dir) => {
  it("selects by click, moves with the arrows along the reading direction, Home and End, and passes axe", async () => {
    renderIn(dir, <Harness />);
    const tab = (name: string) => screen.getByRole("tab", { name });
    expect(tab("Landing").getAttribute("aria-selected")).toBe("true");
    expect(tab("Discovery").tabIndex).toBe(-1);
    expect(screen.getByRole("tabpanel", { name: "Landing" }).textContent).toBe("Landing panel");

    fireEvent.click(tab("Discovery"));
    expect(tab("Discovery").getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Discovery" })).toBeTruthy();

    const forward = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
    fireEvent.keyDown(tab("Discovery"), { key: forward });
    expect(tab("FAQ").getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(tab("FAQ"));
    fireEvent.keyDown(tab("FAQ"), { key: forward });
    expect(tab("Landing").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(tab("Landing"), { key: "End" });
    expect(tab("FAQ").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(tab("FAQ"), { key: "Home" });
    expect(tab("Landing").getAttribute("aria-selected")).toBe("true");
    expect(await axeViolations()).toEqual([]);
  });
});

