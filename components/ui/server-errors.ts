import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "@/lib/api-client";

/**
 * The one way a form shows what the server refused (issue 29): a 422's field errors go under their fields through
 * react-hook-form's setError (the first message of each, for the fields the form has); what is left is returned as the
 * form's message: the server's own text for any other HTTP error (it is in the page's language), else `fallback`
 * (a network failure). Returns null when every error found its field.
 *
 *   catch (error) { setFormError(showServerErrors(error, setError, ["email", "username"], t("failed"))); }
 */
export function showServerErrors<F extends FieldValues>(error: unknown, setError: UseFormSetError<F>, fields: ReadonlyArray<Path<F>>, fallback: string): string | null {
  if (!isApiError(error) || error.kind !== "HTTP") return fallback;
  const known = new Set<string>(fields);
  let placed = 0;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const message = messages?.[0];
    if (!message || !known.has(field)) continue;
    setError(field as Path<F>, { type: "server", message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  if (placed > 0) return null;
  return error.message || fallback;
}
