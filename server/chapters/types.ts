import type { Role } from "@/db/schema/enums";

/** Who is asking: a signed-in user (id and role from the access token or the session), or a visitor (null). */
export type Viewer = { userId: number; role: Role } | null;

export { paged, type Paged, type PageVariants, type ReaderPage } from "@/lib/paged";
