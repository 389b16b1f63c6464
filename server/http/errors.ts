import { z } from "zod";
import type { Locale } from "@/i18n/routing";
import { AppError, fieldErrorsOf } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import { fail } from "./envelope";

/**
 * Any thrown value as an envelope response in the caller's language; never exposes a stack.
 * `context` (e.g. the route key) only goes to the server log of unexpected errors.
 */
export function toResponse(err: unknown, locale: Locale, context = "api"): Response {
  if (err instanceof AppError) {
    const message = apiMessage(locale, err.messageKey, err.params);
    return fail(err.httpStatus, message, { code: err.code, message, ...err.data }, err.headers);
  }
  if (err instanceof z.ZodError) {
    const message = apiMessage(locale, "validationFailed");
    return fail(422, message, { code: "validationFailed", message, errors: fieldErrorsOf(err) });
  }
  console.error(`[${context}] unexpected error:`, err);
  const message = apiMessage(locale, "internal");
  return fail(500, message, { code: "internal", message });
}
