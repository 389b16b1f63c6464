/** Shapes of the account API (spec §3) shared by the use cases, the routes and next-auth. */

/** Spec §3 token set; times are ISO 8601 strings. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt: string;
}

/** The current-user response data (spec §3), plus what the dashboard needs. */
export interface CurrentUser {
  id: number;
  username: string;
  fullName: string;
  email: string;
  role: number;
  mustSelectRole: boolean;
  emailVerified: boolean;
  /** Base64 JPEG as the spec defines it; null without an image or when asked for URLs only. */
  profileImage: string | null;
  /** `/media/{id}`: what the web UI uses (DESIGN §6). */
  profileImageUrl: string | null;
  /** The theme kept on the account (issue 16): "system", "light" or "dark". */
  theme: "system" | "light" | "dark";
  /** Where a writer's payouts go (issue 16 §3; UpdateSelf `payoutEmail`), null until set. */
  payoutEmail: string | null;
}

/** `base64` (spec default) also sends image bytes; `url` sends only the `/media/{id}` address. */
export type { ImageFormat } from "@/server/media/image-format";
