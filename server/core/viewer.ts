import type { Role } from "@/lib/enums";

/**
 * Who is asking, the one type for the whole server: a signed-in user (id and role, from the access token or the
 * browser session), or a visitor (null). Use cases take it; `defineRoute` hands it to handlers as `ctx.viewer`.
 */
export type Viewer = { userId: number; role: Role } | null;

/** A viewer who is signed in (routes closed to visitors always have one). */
export type SignedInViewer = NonNullable<Viewer>;
