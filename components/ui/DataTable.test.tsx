// @vitest-environment happy-dom
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DataTable, type DataColumn } from "./DataTable";
import { EmptyState } from "./EmptyState";
import { axeViolations, renderIn } from "./kit-test-utils";

interface Row {
  id: number;
  name: string;
  views: number;
}
const rows: Row[] = [
  { id: 1, name: "Blue Lotus", views: 1200 },
  { id: 2, name: "قمر الليل", views: 15 },
];
const columns: Array<DataColumn<Row>> = [
  { key: "name", header: "Title", cell: (r) => <bdi>{r.name}</bdi>, sortable: true },
  { key: "views", header: "Views", cell: (r) => r.views, numeric: true, sortable: true },
];

describe.each(["ltr", "rtl"] as const)("DataTable (%s)", (dir) => {
  it("draws a captioned table with row headers and sortable headings, and the same records as phone cards", async () => {
    const onSort = vi.fn();
    renderIn(dir, <DataTable caption="Your manga" columns={columns} rows={rows} rowKey={(r) => r.id} rowTestId={(r) => `row-${r.id}`} sort={{ key: "views", dir: "desc" }} onSort={onSort} sortLabels={{ asc: "sorted ascending", desc: "sorted descending" }} />);
    const table = screen.getByRole("table", { name: "Your manga" });
    expect(within(table).getAllByRole("rowheader").map((c) => c.textContent)).toEqual(["Blue Lotus", "قمر الليل"]);
    const views = within(table).getByRole("columnheader", { name: /Views/ });
    expect(views.getAttribute("aria-sort")).toBe("descending");
    expect(within(table).getByRole("columnheader", { name: /Title/ }).getAttribute("aria-sort")).toBe("none");
    fireEvent.click(within(views).getByRole("button"));
    expect(onSort).toHaveBeenCalledWith("views");
    expect(screen.getByTestId("row-2")).toBeTruthy();
    const cards = screen.getByRole("list", { name: "Your manga" });
    expect(within(cards).getAllByRole("listitem")).toHaveLength(2);
    expect(within(cards).getAllByText("Views")).toHaveLength(2);
    expect(await axeViolations()).toEqual([]);
  });

  it("links sortable headings when the order lives in the URL", () => {
    renderIn(dir, <DataTable caption="Users" columns={columns} rows={rows} rowKey={(r) => r.id} sortHref={(key) => `?sort=${key}`} cards={false} />);
    expect(screen.getByRole("link", { name: /Title/ }).getAttribute("href")).toBe("?sort=name");
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("shows skeleton rows while loading and the empty state when there is nothing", async () => {
    const { rerender } = renderIn(dir, <DataTable caption="Users" columns={columns} rows={[]} rowKey={(r) => r.id} loading empty={<EmptyState title="No users yet" />} />);
    expect(screen.getByRole("table").closest("[aria-busy]")?.getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByText("No users yet")).toBeNull();
    rerender(
      <main>
        <DataTable caption="Users" columns={columns} rows={[]} rowKey={(r) => r.id} empty={<EmptyState title="No users yet" text="Invite someone." />} />
      </main>,
    );
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("No users yet")).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });
});
