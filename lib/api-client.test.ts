import { describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, buildUrl, type SessionBridge } from "./api-client";

type Call = { url: string; init: RequestInit; auth: string | null };

/** A fake fetch that answers from a script and records what it was asked. */
function fakeFetch(...answers: Array<Response | Error | ((init: RequestInit) => Promise<Response>)>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init, auth: new Headers(init.headers).get("authorization") });
    const next = answers.shift();
    if (!next) throw new Error("unexpected call");
    if (next instanceof Error) throw next;
    if (typeof next === "function") return next(init);
    return next;
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const envelope = (data: unknown, statusCode = 1, message = "Success", status = 200) =>
  Response.json({ statusCode, message, data }, { status });

function bridge(refreshTo: string | null): SessionBridge & { refresh: ReturnType<typeof vi.fn>; signOut: ReturnType<typeof vi.fn> } {
  return { refresh: vi.fn(async () => refreshTo), signOut: vi.fn(async () => undefined) };
}

describe("apiRequest", () => {
  it("returns the envelope's data and sends the bearer token, JSON body and locale", async () => {
    const { fetch, calls } = fakeFetch(envelope({ id: 7 }));
    const data = await apiRequest<{ id: number }>("/api/x", { method: "POST", body: { a: 1 }, token: "tok", locale: "ar", fetch, session: null });
    expect(data).toEqual({ id: 7 });
    expect(calls[0]?.auth).toBe("Bearer tok");
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("x-locale")).toBe("ar");
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(calls[0]?.init.method).toBe("POST");
  });

  it("sends no credential without a token and defaults to GET", async () => {
    const { fetch, calls } = fakeFetch(envelope([]));
    await apiRequest("/api/x", { fetch, query: { page: 1, q: "a b", skip: undefined, g: ["Action", "Drama"] } });
    expect(calls[0]?.auth).toBeNull();
    expect(calls[0]?.init.method).toBe("GET");
    expect(calls[0]?.url).toBe("/api/x?page=1&q=a+b&g=Action&g=Drama");
  });

  it("throws HTTP errors with status, server message and data", async () => {
    const { fetch } = fakeFetch(envelope({ errors: { username: ["Username is required"] } }, 422, "Some fields are not valid.", 422));
    const err = await apiRequest("/api/x", { fetch }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const api = err as ApiError;
    expect(api.kind).toBe("HTTP");
    expect(api.status).toBe(422);
    expect(api.message).toBe("Some fields are not valid.");
    expect(api.fieldErrors).toEqual({ username: ["Username is required"] });
  });

  it("treats a 200 with a non-1 statusCode as a failure", async () => {
    const { fetch } = fakeFetch(envelope(null, 409, "Taken"));
    await expect(apiRequest("/api/x", { fetch })).rejects.toMatchObject({ kind: "HTTP", status: 409, message: "Taken" });
  });

  it("reports network failures as FETCH_ERROR", async () => {
    const { fetch } = fakeFetch(new TypeError("Failed to fetch"));
    await expect(apiRequest("/api/x", { fetch })).rejects.toMatchObject({ kind: "FETCH_ERROR" });
  });

  it("reports unreadable answers as PARSING_ERROR", async () => {
    const { fetch } = fakeFetch(new Response("<html>oops</html>", { status: 200 }), new Response('{"no":"envelope"}'));
    await expect(apiRequest("/api/x", { fetch })).rejects.toMatchObject({ kind: "PARSING_ERROR", status: 200 });
    await expect(apiRequest("/api/x", { fetch })).rejects.toMatchObject({ kind: "PARSING_ERROR" });
  });

  it("gives non-envelope HTTP failures the spec's HTTP error text", async () => {
    const { fetch } = fakeFetch(Response.json({ oops: true }, { status: 502 }));
    await expect(apiRequest("/api/x", { fetch })).rejects.toMatchObject({ kind: "HTTP", status: 502, message: "HTTP error! status: 502" });
  });

  it("times out with TIMEOUT_ERROR", async () => {
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    const { fetch } = fakeFetch(hang);
    await expect(apiRequest("/api/x", { fetch, timeoutMs: 20 })).rejects.toMatchObject({ kind: "TIMEOUT_ERROR" });
  });

  it("passes the caller's own abort through untouched", async () => {
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    const { fetch } = fakeFetch(hang);
    const controller = new AbortController();
    const pending = apiRequest("/api/x", { fetch, signal: controller.signal });
    controller.abort();
    const err = await pending.catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as DOMException).name).toBe("AbortError");
  });

  it("on 401 refreshes once and repeats the call with the new token", async () => {
    const { fetch, calls } = fakeFetch(envelope(null, 401, "expired", 401), envelope("ok"));
    const session = bridge("new-token");
    await expect(apiRequest("/api/x", { fetch, token: "old", session })).resolves.toBe("ok");
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(session.signOut).not.toHaveBeenCalled();
    expect(calls.map((c) => c.auth)).toEqual(["Bearer old", "Bearer new-token"]);
  });

  it("signs out when the refresh fails", async () => {
    const { fetch, calls } = fakeFetch(envelope(null, 401, "expired", 401));
    const session = bridge(null);
    await expect(apiRequest("/api/x", { fetch, token: "old", session })).rejects.toMatchObject({ status: 401 });
    expect(session.signOut).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it("signs out when the repeated call is refused again, and never loops", async () => {
    const { fetch, calls } = fakeFetch(envelope(null, 401, "expired", 401), envelope(null, 401, "still", 401));
    const session = bridge("new-token");
    await expect(apiRequest("/api/x", { fetch, token: "old", session })).rejects.toMatchObject({ status: 401 });
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(session.signOut).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it("does not refresh on a visitor's 401 or on other statuses", async () => {
    const { fetch } = fakeFetch(envelope(null, 401, "sign in", 401), envelope(null, 403, "no", 403));
    const session = bridge("x");
    await expect(apiRequest("/api/x", { fetch, session })).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest("/api/x", { fetch, token: "t", session })).rejects.toMatchObject({ status: 403 });
    expect(session.refresh).not.toHaveBeenCalled();
    expect(session.signOut).not.toHaveBeenCalled();
  });

  it("sends FormData untouched", async () => {
    const { fetch, calls } = fakeFetch(envelope(1));
    const form = new FormData();
    form.set("a", "b");
    await apiRequest("/api/x", { fetch, body: form, method: "POST" });
    expect(calls[0]?.init.body).toBe(form);
    expect(new Headers(calls[0]?.init.headers).get("content-type")).toBeNull();
  });
});

describe("buildUrl", () => {
  it("appends to an existing query and drops empty values", () => {
    expect(buildUrl("/a?x=1", { y: 2, z: null })).toBe("/a?x=1&y=2");
    expect(buildUrl("/a", { z: undefined })).toBe("/a");
    expect(buildUrl("/a", { "Filters.Genres": ["Action"], ok: true })).toBe("/a?Filters.Genres=Action&ok=true");
  });
});
