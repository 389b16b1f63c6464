"use client";

import { useMemo } from "react";
import { nextAuthBridge } from "@/components/providers/use-api";
import { getSession, useSession } from "@/components/providers/session-store";
import { useLocale } from "@/i18n/client";
import { apiRequest, type ApiRequestOptions } from "@/lib/api-client";
import type { CreateUserPayload, UpdateUserInput, UserRow } from "@/lib/validation/users";

/**
 * The /api/User writes of the user-management screen (spec §7; issue 15), with the session's access token and the
 * page's language like every dashboard call (`useApi`). A click can come before the session's first read has ended
 * (the token is then still unknown): the call waits for that read instead of going out as a visitor's.
 */
export function useUsersApi() {
  const { data } = useSession();
  const locale = useLocale();
  const current = data && !data.error ? (data.accessToken ?? null) : null;
  return useMemo(() => {
    const call = async <T,>(path: string, options: Omit<ApiRequestOptions, "token" | "session">): Promise<T> => {
      let token = current;
      if (!token) {
        const session = await getSession();
        token = session && !session.error ? (session.accessToken ?? null) : null;
      }
      return apiRequest<T>(path, { locale, ...options, token, session: nextAuthBridge });
    };
    return {
      create: (body: CreateUserPayload) => call<UserRow>("/api/User/CreateUser", { method: "POST", body }),
      update: (body: UpdateUserInput) => call<UserRow>("/api/User/UpdateUser", { method: "PUT", body }),
      remove: (userId: number) => call<unknown>("/api/User/DeleteUser", { method: "DELETE", body: { userId } }),
    };
  }, [current, locale]);
}
