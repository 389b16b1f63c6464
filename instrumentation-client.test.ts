import { describe, expect, it } from "vitest";

describe("client instrumentation", () => {
  it("turns off zod's eval-based parsers (CSP without 'unsafe-eval') before zod is loaded, through zod's own settings", async () => {
    await import("./instrumentation-client");
    const { config } = await import("zod/v4/core");
    const { z } = await import("zod");
    expect(config().jitless).toBe(true);
    expect(z.config()).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
    // Parsing is unchanged without the compiled fast path.
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
    expect(z.object({ a: z.number() }).safeParse({ a: "1" }).success).toBe(false);
  });
});
