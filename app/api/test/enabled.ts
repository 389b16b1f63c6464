import type { z } from "zod";
import { badRequest, fieldErrorsOf, notFound, validation } from "@/server/core/errors";

/**
 * The /api/test/* routes exist for the browser tests only: they answer 404, as if absent, unless the
 * process was started with E2E_TEST_ROUTES=1 (scripts/e2e-server.ts sets it; nothing else does). The
 * check comes before any input is read, so a disabled route gives nothing away.
 */
export function assertTestRoutesEnabled(): void {
  if (process.env.E2E_TEST_ROUTES !== "1") throw notFound();
}

export function parseTestInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validation(fieldErrorsOf(result.error));
  return result.data;
}

export async function readTestJson(req: Request): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    throw badRequest("invalidJson");
  }
}
