/**
 * What the browser session (next-auth) carries about the signed-in user: small and safe to show.
 * Never the refresh token; the profile image only as a URL (the base64 copy would not fit a cookie).
 */
export interface SessionUser {
  id: number;
  role: number;
  username: string;
  fullName: string;
  mustSelectRole: boolean;
  profileImageUrl: string | null;
  /** The account's theme (issue 16); absent in sessions signed in before it existed. */
  theme?: "system" | "light" | "dark";
}

/** Set on the session when the token set could not be refreshed: the client then signs out. */
export const SESSION_REFRESH_ERROR = "RefreshAccessTokenError";
export type SessionError = typeof SESSION_REFRESH_ERROR;

/** Flags a client may send with next-auth's `update()`; anything else it sends is ignored. */
export interface SessionUpdateRequest {
  /** Rotate the token set now (after a 401, or after FirebaseMigration changed the role). */
  refresh?: boolean;
  /** Reload the user (after UpdateSelf) without rotating tokens. */
  reloadUser?: boolean;
}
