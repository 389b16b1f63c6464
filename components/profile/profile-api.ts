"use client";

import type { BoundApiRequest } from "@/components/providers/use-api";
import { updateSession } from "@/components/providers/session-store";
import type { ProfileUser } from "./ProfileManagement";

/** What UpdateSelf answers (server/auth/types.ts CurrentUser, asked with imageFormat=url). */
interface CurrentUserAnswer extends ProfileUser {
  profileImage: string | null;
}

/** POST /api/Authentication/UpdateSelf with URLs only, then the browser session's user is reloaded (top bar). */
export async function updateSelf(api: BoundApiRequest, body: Record<string, unknown>): Promise<ProfileUser> {
  const answer = await api<CurrentUserAnswer>("/api/Authentication/UpdateSelf", { method: "POST", body, query: { imageFormat: "url" } });
  void updateSession({ reloadUser: true });
  return {
    id: answer.id,
    fullName: answer.fullName,
    username: answer.username,
    email: answer.email,
    emailVerified: answer.emailVerified,
    role: answer.role,
    profileImageUrl: answer.profileImageUrl,
    theme: answer.theme,
  };
}
