/**
 * The login screen that brings the visitor back to `path` once signed in (`?next=`, followed only when
 * ./return-path.ts allows it). A module of its own: the public pages' hearts and report buttons use it, and they load
 * on every page (ADR 010).
 */
export function loginThen(path: string) {
  return { pathname: "/auth", query: { type: "login", next: path } } as const;
}
