import { describe, expect, it } from "vitest";
import { fail, ok } from "./envelope";

describe("envelope", () => {
  it("wraps success as statusCode 1 with HTTP 200", async () => {
    const res = ok({ id: 7 });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ statusCode: 1, message: "Success", data: { id: 7 } });
  });

  it("takes a message and another status", async () => {
    const res = ok(null, "Created", 201);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ statusCode: 1, message: "Created", data: null });
  });

  it("sends undefined data as null", async () => {
    expect(await ok(undefined).json()).toEqual({ statusCode: 1, message: "Success", data: null });
  });

  it("gives failures their HTTP status as statusCode", async () => {
    const res = fail(404, "Nope", { code: "notFound" }, { "X-Test": "1" });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-test")).toBe("1");
    expect(await res.json()).toEqual({ statusCode: 404, message: "Nope", data: { code: "notFound" } });
  });
});
