import { isApiError } from "@/lib/api-client";

export type VerifyOutcome = "invalid" | "expired" | "error";

/**
 * Spec §4: a failed verification is "expired" when its message mentions expiry, "invalid" when it says
 * invalid or not found, otherwise "error". The server's machine code (data.code) is read first so the
 * rule also holds when the message is in Arabic.
 */
export function classifyVerifyFailure(err: unknown, fallback = "Verification failed"): { outcome: VerifyOutcome; message: string } {
  const message = (isApiError(err) && err.kind === "HTTP" && err.message) || fallback;
  const data = isApiError(err) ? err.data : undefined;
  const code = typeof data === "object" && data !== null && "code" in data && typeof data.code === "string" ? data.code : "";
  if (/expired/i.test(code)) return { outcome: "expired", message };
  if (/invalid|required|notfound/i.test(code)) return { outcome: "invalid", message };
  const text = message.toLowerCase();
  if (text.includes("expired")) return { outcome: "expired", message };
  if (text.includes("invalid") || text.includes("not found")) return { outcome: "invalid", message };
  return { outcome: "error", message };
}
