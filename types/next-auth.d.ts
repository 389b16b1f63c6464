import type { SessionEndReason } from "@/lib/session-end";
import type { SessionError, SessionUser } from "./session";

/** The token set of spec §3 as kept inside next-auth's encrypted JWT cookie (server side only). */
interface StoredTokenSet {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt: string;
}

declare module "next-auth" {
  /**
   * What `useSession()` and the session endpoint expose: never the refresh token. An errored session
   * (the tokens could not be refreshed) has only `error`; the client then signs out.
   */
  interface Session {
    accessToken?: string;
    accessTokenExpiresAt?: string;
    user?: SessionUser;
    error?: SessionError;
    /** Why an errored session ended, when the server could tell (the sign-in page says it, lib/session-end.ts). */
    endReason?: SessionEndReason;
  }

  /** What the Credentials provider's authorize() returns. */
  interface User {
    id: string;
    tokens: StoredTokenSet;
    profile: SessionUser;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    tokens?: StoredTokenSet;
    user?: SessionUser;
    error?: SessionError;
    /** Why the session ended (set with `error`; lib/session-end.ts). */
    endReason?: SessionEndReason;
    /** The language this session last kept on the account (users.locale, issue 28); unset until it keeps one. */
    locale?: "en" | "ar";
  }
}
