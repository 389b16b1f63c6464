// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { getQueryClient } from "@/lib/query-client";
import { useApiMutation, useApiQuery } from "./api-query";

const api = vi.fn();
let locale = "en";
vi.mock("./use-api", () => ({ useApi: () => api }));
vi.mock("@/i18n/client", () => ({ useLocale: () => locale }));

afterEach(() => {
  cleanup();
  api.mockReset();
  getQueryClient().clear();
  locale = "en";
});

function Count() {
  const query = useApiQuery<{ total: number }>(["count"], "/api/Count", { request: { query: { q: "x" } } });
  return <p data-testid="count">{query.isSuccess ? query.data.total : "loading"}</p>;
}

describe("useApiQuery", () => {
  it("reads through useApi with the request's options and keys the answer by the page language", async () => {
    api.mockResolvedValue({ total: 3 });
    render(<Count />);
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("3"));
    expect(api).toHaveBeenCalledWith("/api/Count", expect.objectContaining({ query: { q: "x" } }));
    expect(getQueryClient().getQueryData(["count", "en"])).toEqual({ total: 3 });
    expect(getQueryClient().getQueryData(["count", "ar"])).toBeUndefined();
  });

  it("does not retry an HTTP error", async () => {
    api.mockRejectedValue(new ApiError("HTTP", "Not found", { status: 404 }));
    function Failing() {
      const query = useApiQuery(["missing"], "/api/Missing");
      return <p data-testid="state">{query.isError ? "error" : "loading"}</p>;
    }
    render(<Failing />);
    await waitFor(() => expect(screen.getByTestId("state").textContent).toBe("error"));
    expect(api).toHaveBeenCalledTimes(1);
  });
});

describe("useApiMutation", () => {
  it("writes, then marks the listed queries stale so they read again", async () => {
    api.mockResolvedValueOnce({ total: 1 }).mockResolvedValueOnce({ ok: true }).mockResolvedValueOnce({ total: 2 });
    function Adder() {
      const mutation = useApiMutation((call, n: number) => call("/api/Add", { method: "POST", body: { n } }), { invalidate: [["count"]] });
      return <button onClick={() => mutation.mutate(1)}>Add</button>;
    }
    render(
      <>
        <Count />
        <Adder />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("1"));
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("2"));
    expect(api).toHaveBeenNthCalledWith(2, "/api/Add", { method: "POST", body: { n: 1 } });
  });

  it("applies an optimistic change at once and rolls it back when the write fails", async () => {
    const client = getQueryClient();
    client.setQueryData(["liked"], false);
    api.mockRejectedValue(new Error("network"));
    const onError = vi.fn();
    function Liker() {
      const mutation = useApiMutation((call) => call("/api/Like", { method: "POST" }), {
        optimistic: () => {
          const before = client.getQueryData<boolean>(["liked"]);
          client.setQueryData(["liked"], true);
          return before;
        },
        rollback: (before) => client.setQueryData(["liked"], before),
        onError,
      });
      return <button onClick={() => mutation.mutate(undefined)}>Like</button>;
    }
    render(<Liker />);
    fireEvent.click(screen.getByRole("button", { name: "Like" }));
    await waitFor(() => expect(client.getQueryData(["liked"])).toBe(true));
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(client.getQueryData(["liked"])).toBe(false);
  });
});
