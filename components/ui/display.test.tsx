// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { Badge, StatusChip } from "./Badge";
import { Banner } from "./Banner";
import { EmptyState } from "./EmptyState";
import { Pagination } from "./Pagination";
import { Skeleton, SkeletonText } from "./Skeleton";
import { axeViolations, renderIn } from "./kit-test-utils";

// The locale-aware Link needs Next's app router; outside it, a plain anchor stands in.
vi.mock("@/i18n/navigation", () => ({ Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => <a href={href} {...rest}>{children}</a> }));

describe.each(["ltr", "rtl"] as const)("badges, banners, empty states, skeletons and pagination (%s)", (dir) => {
  it("a status chip takes its tone from the feature's table and always shows its text", async () => {
    renderIn(
      dir,
      <>
        <Badge tone="brand">Root</Badge>
        <StatusChip<"banned" | "active"> status="banned" tones={{ banned: "red", active: "green" }} label="Banned" testId="chip" />
      </>,
    );
    expect(screen.getByTestId("chip").textContent).toBe("Banned");
    expect(screen.getByTestId("chip").className).toContain("bg-red-50");
    expect(await axeViolations()).toEqual([]);
  });

  it("an error banner is an alert, a success banner a status", async () => {
    renderIn(
      dir,
      <>
        <Banner tone="error">Wrong password</Banner>
        <Banner tone="success">Saved</Banner>
      </>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Wrong password");
    expect(screen.getByRole("status").textContent).toBe("Saved");
    expect(await axeViolations()).toEqual([]);
  });

  it("an empty state says what is missing and offers its action; skeletons are hidden from assistive technology", async () => {
    const { container } = renderIn(
      dir,
      <>
        <EmptyState title="No favourites yet" text="Tap the heart on a manga to keep it here." action={<button type="button">Browse</button>} />
        <Skeleton className="h-4" />
        <SkeletonText lines={2} />
      </>,
    );
    expect(screen.getByText("No favourites yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Browse" })).toBeTruthy();
    const hidden = container.querySelectorAll("[aria-hidden]");
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    expect(await axeViolations()).toEqual([]);
  });

  it("pagination links every page, marks the current one and has none for a single page", async () => {
    const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);
    const { rerender } = renderIn(dir, <Pagination page={2} totalPages={5} hrefFor={(p) => `?page=${p}`} t={t as never} />);
    const nav = screen.getByRole("navigation", { name: "pagination" });
    const current = nav.querySelector("[aria-current=page]");
    expect(current?.textContent).toContain("2");
    expect(screen.getByRole("link", { name: /previous/ }).getAttribute("href")).toBe("?page=1");
    expect(await axeViolations()).toEqual([]);
    rerender(
      <main>
        <Pagination page={1} totalPages={1} hrefFor={(p) => `?page=${p}`} t={t as never} />
      </main>,
    );
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
