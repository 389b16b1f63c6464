/** One of the caller's active sign-ins, as GET /api/Authentication/Sessions answers (server/account/list-sessions.ts). */
export interface AccountSession {
  /** The refresh family id (the access token's `sid`): what Sessions/Revoke takes. */
  id: string;
  /** The sign-in this request came from. */
  current: boolean;
  browser: string | null;
  os: string | null;
  /** "Chrome on Linux" (English; the page words it in its language from browser and os). */
  device: string;
  /** When the user signed in. */
  createdAt: string;
  /** The latest token rotation (the session's last use of its refresh token). */
  lastUsedAt: string;
  /** The sign-in's absolute end. */
  expiresAt: string;
  /** How many times its refresh token has been rotated: the place in the token family. */
  rotations: number;
}
