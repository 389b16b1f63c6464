import type { Locale } from "@/i18n/routing";
import { conflict } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";

/**
 * 409 for a username or e-mail another account uses. Spec §8 shows such a message on the username
 * field, so both land in data.errors.username (data.code tells them apart: usernameTaken / emailTaken).
 */
export function duplicateAccountError(field: "username" | "email", locale: Locale) {
  const key = field === "username" ? "usernameTaken" : "emailTaken";
  return conflict(key, { data: { field, errors: { username: [apiMessage(locale, key)] } } });
}

/** 409 for a username confusable with another account's (same TR39 skeleton), on the username field. */
export function confusableUsernameError(locale: Locale) {
  return conflict("usernameConfusable", { data: { field: "username", errors: { username: [apiMessage(locale, "usernameConfusable")] } } });
}
