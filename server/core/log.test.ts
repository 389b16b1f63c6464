import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it, vi } from "vitest";
import { createLogger, inScope, log, routeConsoleToLog, scrubMessage, setScopeUser } from "./log";

/** The logger's promises (ADR 026): JSON lines, the scope's ids on every line, secrets redacted, errors with causes. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger(stream, "debug") };
}

describe("log", () => {
  it("writes JSON lines with level, time and message, and the request's id and user while serving it", async () => {
    const { lines, logger } = capture();
    logger.info("outside");
    await inScope({ requestId: "req-12345678", userId: null }, async () => {
      logger.info("anonymous so far");
      await new Promise((resolve) => setTimeout(resolve, 1));
      setScopeUser(42);
      logger.warn({ mangaId: 7 }, "after an await, signed in");
    });
    await inScope({ requestId: "job-12345678", job: "digest" }, async () => logger.error("a job's line"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatchObject({ level: "info", msg: "outside" });
    expect(lines[0]).not.toHaveProperty("requestId");
    expect(typeof lines[0]!.time).toBe("string");
    expect(lines[1]).toMatchObject({ requestId: "req-12345678", userId: "anonymous", msg: "anonymous so far" });
    expect(lines[2]).toMatchObject({ level: "warn", requestId: "req-12345678", userId: 42, mangaId: 7 });
    expect(lines[3]).toMatchObject({ level: "error", requestId: "job-12345678", job: "digest" });
  });

  it("never writes passwords, tokens, cookies or mail bodies, and keeps an error's causes without query parameters", async () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: "Hunter#2pass",
        body: { username: "u", password: "Hunter#2pass", confirmPassword: "Hunter#2pass" },
        tokens: { accessToken: "eyJaccess", refreshToken: "refresh-secret" },
        headers: { cookie: "next-auth.session-token=abc", authorization: "Bearer eyJaccess" },
        mail: { to: "a@b.c", subject: "Reset", text: "https://x/reset?token=T0KEN", html: "<a>T0KEN</a>" },
      },
      "sensitive",
    );
    const driver = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" });
    const drizzle = new Error('Failed query: insert into "users" values ($1, $2)\nparams: someone@example.com,$argon2id$hash', { cause: driver });
    logger.error({ err: new Error("register failed", { cause: drizzle }) }, "[api] unexpected error");
    await new Promise((resolve) => setImmediate(resolve));
    const text = JSON.stringify(lines);
    for (const secret of ["Hunter#2pass", "eyJaccess", "refresh-secret", "session-token=abc", "T0KEN", "someone@example.com", "$argon2id$hash"]) {
      expect(text, secret).not.toContain(secret);
    }
    const err = lines[1]!.err as { message: string; stack: string; cause: { message: string; cause: { code: string } } };
    expect(err.message).toBe("register failed");
    expect(err.stack).toContain("log.test.ts");
    expect(err.cause.message).toContain("Failed query: insert into");
    expect(err.cause.message).toContain("params: [redacted]");
    expect(err.cause.cause.code).toBe("23505");
    expect(scrubMessage("plain")).toBe("plain");
    expect(scrubMessage("550 5.1.1 <someone.else+x@mail.example.org>: Recipient address rejected")).toBe("550 5.1.1 <[e-mail]>: Recipient address rejected");
  });

  it("writes a failed query's error without its parameters or PostgreSQL's detail (Drizzle's DrizzleQueryError)", async () => {
    const { lines, logger } = capture();
    const driver = Object.assign(new Error("duplicate key value violates unique constraint \"users_email\""), {
      code: "23505",
      detail: "Key (lower(email))=(alice@example.com) already exists.",
      constraint: "users_email",
    });
    const failed = new DrizzleQueryError('insert into "users" ("email", "password") values ($1, $2)', ["alice@example.com", "SECRET-TOKEN-HASH"], driver);
    logger.error({ err: failed }, "[api] unexpected error");
    await new Promise((resolve) => setImmediate(resolve));
    const text = JSON.stringify(lines);
    expect(text).not.toContain("alice@example.com");
    expect(text).not.toContain("SECRET-TOKEN-HASH");
    const err = lines[0]!.err as { type: string; message: string; cause: { code: string; constraint: string } };
    expect(err.type).toBe("DrizzleQueryError");
    expect(err.message).toContain('insert into "users"');
    expect(err.cause).toMatchObject({ code: "23505", constraint: "users_email" });
  });

  it("turns console output into log lines in production: an Error as err, colours dropped", () => {
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error, debug: console.debug };
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    try {
      routeConsoleToLog();
      const failure = new TypeError("render failed");
      console.error("\u001b[31m⨯\u001b[39m", failure);
      console.log("\u001b[32m✓\u001b[39m Ready in %d ms", 12);
      expect(error).toHaveBeenCalledWith({ err: failure }, "⨯");
      expect(info).toHaveBeenCalledWith("✓ Ready in 12 ms");
    } finally {
      Object.assign(console, saved);
      delete (console as unknown as Record<symbol, unknown>)[Symbol.for("manga.log.logger")];
      error.mockRestore();
      info.mockRestore();
    }
  });
});
