import { Role } from "@/lib/enums";
import { forbidden, unauthorized } from "@/server/core/errors";

/**
 * Who is asking, the one type for the whole server: a signed-in user (id and role, from the access token or the
 * browser session), or a visitor (null). Use cases take it; `defineRoute` hands it to handlers as `ctx.viewer`.
 */
export type Viewer = { userId: number; role: Role } | null;

/** A viewer who is signed in (routes closed to visitors always have one). */
export type SignedInViewer = NonNullable<Viewer>;

/**
 * THE root and author checks (issue 29): every use case, read and page asks these, on this one type. Staff and admin
 * have a member's rights only (server/core/access-table.ts); root holds every administrative right.
 */
export const isRoot = (viewer: Viewer | undefined): boolean => viewer?.role === Role.root;

/** Whether the viewer may manage a manga (its chapters, its notes): root, or the manga's author. */
export const mayManage = (viewer: Viewer | undefined, authorId: number | null): boolean =>
  isRoot(viewer) || (!!viewer && authorId !== null && authorId === viewer.userId);

/** Root's use cases: a visitor is 401, anyone else 403 (the access table refuses them first; this is the second line). */
export function requireRoot(viewer: Viewer | undefined): asserts viewer is SignedInViewer {
  if (!viewer) throw unauthorized();
  if (!isRoot(viewer)) throw forbidden();
}
