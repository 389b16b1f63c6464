import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "@/lib/api-client";

/**
 * The one way a form shows what the server refused (issue 29): a 422's field errors go under their fields through
 * react-hook-form's setError (the first message of each; names matched without regard to case, as the API's are
 * camelCase and some clients' PascalCase), focusing the first. What is left is returned as the form's message: the
 * messages of fields the form has not got, else the server's own text for an error without field errors (it is in
 * the page's language), else `fallback` (a network failure). Returns null when every error found its field.
 *
 *   catch (error) { setFormError(showServerErrors(error, setError, ["email", "username"], t("failed"))); }
 */
export function showServerErrors<F extends FieldValues>(error: unknown, setError: UseFormSetError<F>, fields: ReadonlyArray<Path<F>>, fallback: string): string | null {
  if (!isApiError(error) || error.kind !== "HTTP") return fallback;
  const entries = Object.entries(error.fieldErrors);
  if (entries.length === 0) return error.message || fallback;
  const unplaced: string[] = [];
  let placed = 0;
  for (const [field, messages] of entries) {
    const message = messages?.[0];
    if (!message) continue;
    const name = fields.find((f) => f.toLowerCase() === field.toLowerCase());
    if (!name) {
      unplaced.push(message);
      continue;
    }
    setError(name, { type: "server", message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return unplaced.length > 0 ? unplaced.join(" ") : placed > 0 ? null : error.message || fallback;
}
