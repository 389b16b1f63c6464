"use client";

import { useSession } from "./session-store";
import type { SessionUser } from "@/types/session";

export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

/**
 * The signed-in user and access token of this browser, from the session store. An errored session
 * (tokens could not be refreshed) counts as signed out; the session keeper then clears it.
 */
export function useAuth(): { status: AuthStatus; user: SessionUser | null; accessToken: string | null } {
  const { data, status } = useSession();
  if (status === "loading") return { status, user: null, accessToken: null };
  if (status === "authenticated" && data && !data.error && data.user && data.accessToken) {
    return { status: "authenticated", user: data.user, accessToken: data.accessToken };
  }
  return { status: "unauthenticated", user: null, accessToken: null };
}
