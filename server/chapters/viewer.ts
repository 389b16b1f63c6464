import { Role } from "@/lib/enums";
import type { Viewer } from "./types";

const ROLES: readonly number[] = Object.values(Role);

/** The viewer of a browser session (server components): its user id and role, or null when signed out. */
export function viewerFromSession(user: { id: number; role: number } | null | undefined): Viewer {
  if (!user || !Number.isSafeInteger(user.id) || !ROLES.includes(user.role)) return null;
  return { userId: user.id, role: user.role as Role };
}
