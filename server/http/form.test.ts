import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { Role } from "@/lib/enums";
import { PUT as updateMangaRoute } from "@/app/api/manga/UpdateManga/route";
import { apiMessage } from "@/server/core/messages";
import { AppError } from "@/server/core/errors";
import { makeUsers, send, submitManga } from "@/tests/fixtures/publishing-kit";
import { MAX_FORM_PARTS, MAX_TEXT_FIELD_BYTES, readUpload } from "./form";
import { repeatedFieldMultipart } from "./testing/multipart-payloads";

/**
 * The multipart reader (issue 27 item 2): linear in the number of parts, a cap on parts and on each text field that
 * holds while streaming, the body's byte cap still a 413 while streaming, and ordinary forms read as before.
 */

/** A body as a stream of `chunk`-byte pieces, counting what the reader pulled. */
function streamed(body: Uint8Array, chunk: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.byteLength) return controller.close();
      controller.enqueue(body.slice(at, at + chunk));
      at += chunk;
    },
  });
  return { stream, pulled: () => Math.min(at, body.byteLength) };
}

function multipartRequest(body: Uint8Array | ReadableStream<Uint8Array>, contentType: string, headers: Record<string, string> = {}, method = "POST"): Request {
  return new Request("http://localhost/api/x", { method, headers: { "content-type": contentType, ...headers }, body, duplex: "half" } as RequestInit);
}

async function formBody(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const res = new Response(form);
  return { body: new Uint8Array(await res.arrayBuffer()), contentType: res.headers.get("content-type") ?? "" };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("readUpload: multipart", () => {
  it("40,000 parts all named g (2.7 MB) are refused as soon as the part cap is passed, well under a second", async () => {
    const { body, contentType } = repeatedFieldMultipart();
    expect(body.byteLength).toBeGreaterThan(2_000_000);
    const { stream, pulled } = streamed(body, 16 * 1024);
    const started = performance.now();
    const err = await refusal(readUpload(multipartRequest(stream, contentType), 24 * 1024 * 1024));
    // Wall time on a shared machine is noise; the bound only separates this from the quadratic parse (12-18 s).
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(err.httpStatus).toBe(413);
    expect(err.code).toBe("tooManyParts");
    // It stopped reading near the cap: the first few hundred parts, not the 2.7 MB.
    expect(pulled()).toBeLessThan(100 * 1024);
  });

  it("repeated names are kept in order in linear time (the cap's worth of one name)", async () => {
    const { body, contentType } = repeatedFieldMultipart({ parts: MAX_FORM_PARTS - 1, name: "genres", value: "Drama" });
    const started = performance.now();
    const input = await readUpload(multipartRequest(body, contentType), 24 * 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(input.fields.id).toBe("1");
    expect(input.fields.genres).toHaveLength(MAX_FORM_PARTS - 1);
  });

  it("a chapter of 200 pages plus its fields is read whole, byte for byte, whatever the chunking", async () => {
    const form = new FormData();
    form.append("mangaId", "12");
    form.append("title", "فصل ١ \"quoted\"; name=trick\r\nsecond line");
    form.append("isPremium", "true");
    form.append("publishAt", "");
    form.append("freeAt", "2030-01-01T00:00:00.000Z");
    const pages: Uint8Array[] = [];
    for (let i = 0; i < 200; i++) {
      // Bytes that look like delimiters and CRLFs inside the files.
      const page = new Uint8Array(Buffer.from(`\r\n--\r\n-- page ${i} \r\n\r\n${"x".repeat(i * 7)}\r\n-`));
      pages.push(page);
      form.append("pages", new Blob([page], { type: "image/jpeg" }), `p${i}.jpg`);
    }
    const { body, contentType } = await formBody(form);
    for (const chunk of [5, 61, 64 * 1024]) {
      const input = await readUpload(multipartRequest(streamed(body, chunk).stream, contentType), 250 * 1024 * 1024);
      expect(input.fields).toEqual({
        mangaId: "12",
        title: "فصل ١ \"quoted\"; name=trick\r\nsecond line",
        isPremium: "true",
        publishAt: "",
        freeAt: "2030-01-01T00:00:00.000Z",
      });
      expect(input.files.pages).toHaveLength(200);
      expect(input.files.pages!.map((p) => Buffer.from(p).toString("latin1"))).toEqual(pages.map((p) => Buffer.from(p).toString("latin1")));
    }
  });

  it("the body's byte cap is a 413 while streaming, without reading on (no Content-Length)", async () => {
    const form = new FormData();
    form.append("pages", new Blob([new Uint8Array(3 * 1024 * 1024)], { type: "image/jpeg" }), "big.jpg");
    const { body, contentType } = await formBody(form);
    const { stream, pulled } = streamed(body, 64 * 1024);
    const err = await refusal(readUpload(multipartRequest(stream, contentType), 1024 * 1024));
    expect(err.httpStatus).toBe(413);
    expect(err.code).toBe("payloadTooLarge");
    expect(pulled()).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
  });

  it(`a text field over ${MAX_TEXT_FIELD_BYTES / 1024} KB is a 413 while streaming; a field the route allows (a base64 cover) may be longer`, async () => {
    const form = new FormData();
    form.append("description", "d".repeat(MAX_TEXT_FIELD_BYTES + 1));
    const { body, contentType } = await formBody(form);
    const err = await refusal(readUpload(multipartRequest(body, contentType), 24 * 1024 * 1024));
    expect(err.httpStatus).toBe(413);
    expect(err.code).toBe("fieldTooLong");
    const cover = new FormData();
    cover.append("CoverImage", "A".repeat(2 * 1024 * 1024));
    const big = await formBody(cover);
    const input = await readUpload(multipartRequest(big.body, big.contentType), 24 * 1024 * 1024, { longTextFields: ["coverImage"] });
    expect((input.fields.CoverImage as string).length).toBe(2 * 1024 * 1024);
  });

  it("broken bodies are a 400: no boundary, no closing delimiter, a part without a name", async () => {
    const bad = async (body: string, type = "multipart/form-data; boundary=b") =>
      (await refusal(readUpload(multipartRequest(Buffer.from(body), type), 1024 * 1024))).httpStatus;
    expect(await bad("--b\r\n", "multipart/form-data")).toBe(400);
    expect(await bad('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue')).toBe(400);
    expect(await bad("--b\r\nContent-Type: text/plain\r\n\r\nvalue\r\n--b--")).toBe(400);
    expect(await bad("no delimiter at all")).toBe(400);
  });

  it("quoted boundaries, preamble and epilogue, and an empty file part as undici reads them", async () => {
    const body = 'preamble\r\n--"x y"\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--"x y"\r\nContent-Disposition: form-data; name="f"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--"x y"--\r\nepilogue';
    const fixed = body.replaceAll('--"x y"', "--x y");
    const input = await readUpload(multipartRequest(Buffer.from(fixed), 'multipart/form-data; boundary="x y"'), 1024);
    expect(input.fields).toEqual({ a: "1" });
    expect(input.files.f?.map((f) => f.byteLength)).toEqual([0]);
  });
});

describe("UpdateManga with the issue 27 multipart flood", () => {
  let writer: { id: number; token: string };
  let mangaId: number;
  beforeAll(async () => {
    const db = await getDb();
    ({ writer } = await makeUsers(db, "form", { writer: { role: Role.writer } }));
    mangaId = await submitManga(writer.token, "Flood target");
  });

  it("40,000 parts named g: a quick 413 in the envelope, in English and Arabic", async () => {
    const { body, contentType } = repeatedFieldMultipart({ id: mangaId });
    for (const locale of ["en", "ar"] as const) {
      const started = performance.now();
      const res = await send(
        updateMangaRoute,
        multipartRequest(body, contentType, { authorization: `Bearer ${writer.token}`, "x-locale": locale }, "PUT"),
      );
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(res.status).toBe(413);
      expect(res.body.data.code).toBe("tooManyParts");
      expect(res.body.message).toBe(apiMessage(locale, "tooManyParts", { max: MAX_FORM_PARTS }));
    }
  });
});
