import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError, badRequest, conflict, forbidden, notFound, tooLarge, tooManyRequests, unauthorized, validation } from "@/server/core/errors";
import { toResponse } from "@/server/http/errors";

afterEach(() => vi.restoreAllMocks());

describe("toResponse", () => {
  it("maps an AppError to its status with the message in both data and envelope", async () => {
    const res = toResponse(notFound("mangaNotFound"), "en");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: 404,
      message: "Manga not found",
      data: { code: "mangaNotFound", message: "Manga not found" },
    });
  });

  it("answers in Arabic for an Arabic request", async () => {
    const body = await toResponse(notFound("mangaNotFound"), "ar").json();
    expect(body.message).toBe("المانجا غير موجودة");
    expect(body.data.message).toBe("المانجا غير موجودة");
  });

  it("gives every factory its status and a non-1 statusCode", async () => {
    const cases: Array<[AppError, number]> = [
      [badRequest(), 400], [unauthorized(), 401], [forbidden(), 403], [notFound(), 404], [conflict(), 409],
      [tooLarge(1024), 413], [validation({ name: ["Name is required"] }), 422], [tooManyRequests(30), 429],
    ];
    for (const [error, status] of cases) {
      const res = toResponse(error, "en");
      expect(res.status).toBe(status);
      const body = await res.json();
      expect(body.statusCode).toBe(status);
      expect(typeof body.message).toBe("string");
      expect(body.message.length).toBeGreaterThan(0);
    }
  });

  it("keeps custom codes, params, data and headers", async () => {
    const error = new AppError(409, "conflict", { code: "usernameTaken", data: { field: "username" } });
    expect(error.message).toBe("This conflicts with existing data.");
    const body = await toResponse(error, "en").json();
    expect(body.data).toEqual({ code: "usernameTaken", message: "This conflicts with existing data.", field: "username" });
    expect((await toResponse(tooLarge(2 * 1024 * 1024), "en").json()).message).toBe("The request is too large (at most 2 MB).");
    expect(toResponse(tooManyRequests(12.2), "en").headers.get("retry-after")).toBe("13");
    expect(toResponse(unauthorized(), "en").headers.get("www-authenticate")).toBe("Bearer");
  });

  it("puts validation field errors in data.errors", async () => {
    const body = await toResponse(validation({ email: ["Invalid email format"] }), "en").json();
    expect(body.data.errors).toEqual({ email: ["Invalid email format"] });
  });

  it("turns a ZodError into 422 with { field: [messages] }", async () => {
    const schema = z.object({
      fullName: z.string().min(1, "Name is required"),
      address: z.object({ city: z.string().min(1, "City is required") }),
      password: z.string().min(6, "Password must be at least 6 characters long").regex(/[A-Z]/, "Needs an uppercase letter"),
    });
    const parsed = schema.safeParse({ fullName: "", address: { city: "" }, password: "abc" });
    expect(parsed.success).toBe(false);
    const res = toResponse(parsed.error, "en");
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.statusCode).toBe(422);
    expect(body.message).toBe("Some fields are not valid.");
    expect(body.data.errors).toEqual({
      fullName: ["Name is required"],
      "address.city": ["City is required"],
      password: ["Password must be at least 6 characters long", "Needs an uppercase letter"],
    });
  });

  it("answers anything else with a 500 envelope, logged on the server, with no stack", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = toResponse(new Error("secret internals at /srv/app.ts:12"), "en");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret");
    expect(text).not.toContain("app.ts");
    expect(JSON.parse(text)).toEqual({
      statusCode: 500,
      message: "Something went wrong",
      data: { code: "internal", message: "Something went wrong" },
    });
    expect(log).toHaveBeenCalledOnce();
    expect((await toResponse("boom", "ar").json()).message).toBe("حدث خطأ ما");
  });
});
