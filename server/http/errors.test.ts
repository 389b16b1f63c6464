import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError, badRequest, conflict, forbidden, notFound, tooLarge, tooManyRequests, unauthorized, validation } from "@/server/core/errors";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isClientAbort, toResponse } from "@/server/http/errors";
import { IngestError, INGEST_ERROR_STATUS, type IngestErrorCode } from "@/server/chapters/ingest/errors";
import { MediaError, type MediaErrorCode } from "@/server/media/errors";
import { log as logger } from "@/server/core/log";

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

  it("a client that left mid-body is a quiet 400, not a database fault (Node's own error, from a real socket)", async () => {
    let thrown: unknown;
    const read = new Promise<void>((resolve) => {
      const server = http.createServer(async (req) => {
        try {
          for await (const chunk of req) void chunk;
        } catch (err) {
          thrown = err;
        }
        server.close();
        resolve();
      });
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        const client = http.request({ port, host: "127.0.0.1", method: "POST", headers: { "content-length": "1000" } });
        client.on("error", () => undefined);
        client.write("partial", () => setImmediate(() => client.destroy()));
      });
    });
    await read;
    expect(isClientAbort(thrown)).toBe(true);
    expect(isClientAbort(new Error("wrapped", { cause: thrown }))).toBe(true);
    expect(isClientAbort(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(false);
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const res = toResponse(thrown, "en");
    expect(res.status).toBe(400);
    expect((await res.json()).data.code).toBe("badRequest");
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it("answers anything else with a 500 envelope, logged on the server, with no stack", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => undefined);
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

  it("maps every ingestion code to its status and a message in both languages, with the code and the page", async () => {
    const codes = Object.keys(INGEST_ERROR_STATUS) as IngestErrorCode[];
    for (const code of codes) {
      for (const locale of ["en", "ar"] as const) {
        const res = toResponse(new IngestError(code, "internal detail", { pageNumber: 3, limit: 10 }), locale);
        expect(res.status, code).toBe(INGEST_ERROR_STATUS[code]);
        const body = await res.json();
        expect(body.statusCode).toBe(INGEST_ERROR_STATUS[code]);
        expect(body.data).toEqual({ code, message: body.message, pageNumber: 3 });
        expect(body.message).not.toContain("internal detail");
        expect(body.message).not.toMatch(/\{\w+\}/);
        expect(body.message).toContain("3");
        if (locale === "ar") expect(body.message).toMatch(/[\u0600-\u06ff]/);
      }
    }
  });

  it("states the ingestion caps", async () => {
    const tooLargePdf = await toResponse(new IngestError("TOO_LARGE", "x", { limit: 50 * 1024 * 1024 }), "en").json();
    expect(tooLargePdf).toEqual({
      statusCode: 413,
      message: "The file is too large (at most 50 MB).",
      data: { code: "TOO_LARGE", message: "The file is too large (at most 50 MB)." },
    });
    const pages = await toResponse(new IngestError("TOO_MANY_PAGES", "x", { limit: 300 }), "ar").json();
    expect(pages.message).toBe("عدد الصفحات كبير جدًا (الحد الأقصى 300 صفحة).");
    expect(pages.data.code).toBe("TOO_MANY_PAGES");
    const page = await toResponse(new IngestError("UNSUPPORTED_IMAGE", "x", { pageNumber: 7 }), "en").json();
    expect(page.message).toBe("Page 7: The file is not a JPEG, PNG, WebP or GIF image.");
    expect(page.data.pageNumber).toBe(7);
    const pdf = await toResponse(new IngestError("ENCRYPTED", "x"), "ar").json();
    expect(pdf.message).toBe("ملف PDF محمي بكلمة مرور. ارفع نسخة منه دون كلمة مرور.");
    expect(pdf.data).not.toHaveProperty("pageNumber");
    expect(toResponse(new IngestError("CHAPTER_NOT_FOUND", "x"), "en").status).toBe(404);
  });

  it("maps every image pipeline code: 413 for size, 422 for content", async () => {
    const expected: Record<MediaErrorCode, [number, string]> = {
      UNSUPPORTED_TYPE: [422, "The file is not a JPEG, PNG, WebP or GIF image."],
      TOO_LARGE: [413, "The file is too large (at most 15 MB)."],
      TOO_MANY_PIXELS: [422, "The image's dimensions are too large (at most 10000 pixels a side and 40 megapixels)."],
      CORRUPT: [422, "The image is damaged and cannot be read."],
    };
    const log = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    for (const [code, [status, message]] of Object.entries(expected) as Array<[MediaErrorCode, [number, string]]>) {
      const limit = code === "TOO_LARGE" ? 15 * 1024 * 1024 : code === "TOO_MANY_PIXELS" ? 40_000_000 : undefined;
      const res = toResponse(new MediaError(code, "sharp said something", { limit }), "en");
      expect(res.status, code).toBe(status);
      expect(await res.json()).toEqual({ statusCode: status, message, data: { code, message } });
      const ar = await toResponse(new MediaError(code, "x", { limit }), "ar").json();
      expect(ar.message).toMatch(/[\u0600-\u06ff]/);
    }
    expect(log).not.toHaveBeenCalled();
  });
});
