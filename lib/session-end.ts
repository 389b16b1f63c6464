/**
 * Why a signed-in session ended, carried to the sign-in page as `/auth?reason=…` (issue 31, item 6c) so it can say so:
 * - `role-changed`: the server found the account's role is no longer the one the session was signed in with (root's
 *   role change revokes every sign-in of the account, server/users/update-user.ts);
 * - `ended`: the session was ended on the server for another reason or one it cannot tell (signed out on another
 *   device, a password change, its sign-in expired): a generic text.
 * A plain sign-out carries none. The page shows a text only for these values; anything else in the URL is ignored.
 */
export const SESSION_END_PARAM = "reason";

export const SESSION_END_REASONS = ["role-changed", "ended"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export function sessionEndReasonOf(value: string | null | undefined): SessionEndReason | null {
  return SESSION_END_REASONS.find((r) => r === value) ?? null;
}
