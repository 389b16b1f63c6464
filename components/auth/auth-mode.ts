export type AuthMode = "login" | "register";

/** Spec §2: `type=register` (and the mobile menu's `type=signup`) opens registration; anything else is login. */
export function authModeOf(type: string | null | undefined): AuthMode {
  return type === "register" || type === "signup" ? "register" : "login";
}
