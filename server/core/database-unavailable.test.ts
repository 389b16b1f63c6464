import { describe, expect, it } from "vitest";
import { toResponse } from "@/server/http/errors";
import { isDatabaseUnavailable } from "./database-unavailable";

/** What counts as "the database is away" (503) rather than a bug (500): docs/decisions/019, Faults. */
const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code, severity: "FATAL" });
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a server shutting down (57P01)", pgError("57P01", "terminating connection due to administrator command")],
    ["a crash shutdown (57P02)", pgError("57P02")],
    ["a server starting up (57P03)", pgError("57P03", "the database system is starting up")],
    ["a connection exception (08006)", pgError("08006")],
    ["too many connections (53300)", pgError("53300")],
    ["a statement timeout (57014)", pgError("57014", "canceling statement due to statement timeout")],
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["a reset connection", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })],
    ["a connection that ended", new Error("Connection terminated unexpectedly")],
    ["a connection timeout", new Error("Connection terminated due to connection timeout")],
    ["the pool's acquire timeout", new Error("timeout exceeded when trying to connect")],
    ["a dead client", new Error("Client has encountered a connection error and is not queryable")],
    ["Drizzle's wrapper around one", wrapped(pgError("57P01"))],
    ["an AggregateError of refused addresses", new AggregateError([Object.assign(new Error("refused"), { code: "ECONNREFUSED" })], "")],
  ])("%s is unavailable", (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ["a unique violation", wrapped(pgError("23505", "duplicate key value"))],
    ["a syntax error", pgError("42601")],
    ["a bug", new TypeError("cannot read properties of undefined")],
    ["a string", "Connection terminated"],
    ["nothing", undefined],
  ])("%s is not", (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe("toResponse of an unavailable database", () => {
  it.each(["en", "ar"] as const)("is a 503 envelope with Retry-After in %s", async (locale) => {
    const res = toResponse(wrapped(pgError("57P01")), locale, "test");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    const body = (await res.json()) as { statusCode: number; message: string; data: { code: string; message: string } };
    expect(body.statusCode).toBe(503);
    expect(body.data.code).toBe("serviceUnavailable");
    expect(body.message).toBe(body.data.message);
    expect(body.message).toMatch(locale === "ar" ? /[\u0600-\u06FF]/ : /briefly unavailable/);
  });

  it("leaves other errors a 500", () => {
    expect(toResponse(new TypeError("bug"), "en", "test").status).toBe(500);
  });
});
