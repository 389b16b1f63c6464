import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** The browser session client against a scripted next-auth: what it sends, and what snapshot it publishes. */
type Call = { url: string; method: string; body: string | null; headers: Record<string, string> };
let calls: Call[];
let answers: Record<string, () => Response>;

beforeEach(() => {
  vi.resetModules();
  calls = [];
  answers = { "GET /api/auth/csrf": () => Response.json({ csrfToken: "csrf-1" }) };
  vi.stubGlobal("window", { location: { href: "http://localhost/auth?type=login", origin: "http://localhost" } });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    calls.push({ url, method, body: init.body == null ? null : String(init.body), headers });
    const answer = answers[`${method} ${url}`];
    if (!answer) throw new TypeError("Network request failed");
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

const load = () => import("./session-store");
const session = { expires: "2099-01-01T00:00:00Z", accessToken: "a1", accessTokenExpiresAt: "2099-01-01T00:00:00Z", user: { id: 7 } };

describe("session store", () => {
  it("reads the session; next-auth's {} means signed out, and concurrent reads share one request", async () => {
    const store = await load();
    answers["GET /api/auth/session"] = () => Response.json({});
    const [a, b] = await Promise.all([store.getSession(), store.getSession()]);
    expect(a).toBeNull();
    expect(b).toBeNull();
    expect(calls.filter((c) => c.url === "/api/auth/session")).toHaveLength(1);

    answers["GET /api/auth/session"] = () => Response.json(session);
    expect(await store.getSession()).toEqual(session);
  });

  it("keeps the last session when the network fails", async () => {
    const store = await load();
    answers["GET /api/auth/session"] = () => Response.json(session);
    await store.getSession();
    delete answers["GET /api/auth/session"];
    expect(await store.getSession()).toEqual(session);
  });

  it("updates through POST /api/auth/session with the CSRF token and the data for the jwt callback", async () => {
    const store = await load();
    answers["POST /api/auth/session"] = () => Response.json({ ...session, accessToken: "a2" });
    const next = await store.updateSession({ refresh: true });
    expect(next?.accessToken).toBe("a2");
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(post.body!)).toEqual({ csrfToken: "csrf-1", data: { refresh: true } });

    answers["POST /api/auth/session"] = () => new Response("nope", { status: 500 });
    expect(await store.updateSession({ refresh: true })).toBeNull();
  });

  it("signs in with the credentials form and reports next-auth's error from the answer's URL", async () => {
    const store = await load();
    answers["POST /api/auth/callback/credentials"] = () =>
      Response.json({ url: "http://localhost/api/auth/error?error=%7B%22status%22%3A401%7D" }, { status: 401 });
    const failed = await store.signInWithCredentials({ username: "reader", password: "wrong", locale: "en" });
    expect(failed).toEqual({ ok: false, status: 401, error: '{"status":401}', url: null });
    const form = new URLSearchParams(calls.find((c) => c.url === "/api/auth/callback/credentials")!.body!);
    expect(Object.fromEntries(form)).toMatchObject({ username: "reader", password: "wrong", locale: "en", csrfToken: "csrf-1", json: "true" });

    answers["POST /api/auth/callback/credentials"] = () => Response.json({ url: "http://localhost/auth?type=login" });
    answers["GET /api/auth/session"] = () => Response.json(session);
    const ok = await store.signInWithCredentials({ username: "reader", password: "right", locale: "en" });
    expect(ok).toEqual({ ok: true, status: 200, error: null, url: "http://localhost/auth?type=login" });
    expect(calls.at(-1)!.url).toBe("/api/auth/session");
  });

  it("signs out through /api/auth/signout and forgets the session even when that call fails", async () => {
    const store = await load();
    answers["GET /api/auth/session"] = () => Response.json(session);
    await store.getSession();
    await store.signOutSession().catch(() => undefined);
    expect(calls.some((c) => c.url === "/api/auth/signout" && c.method === "POST")).toBe(true);
    delete answers["GET /api/auth/session"];
    expect(await store.getSession()).toBeNull();
  });
});
