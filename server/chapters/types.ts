/** Who is asking: the server's one Viewer type (a signed-in user, or null for a visitor). */
export type { Viewer } from "@/server/core/viewer";

export { paged, type Paged, type PageCopies, type PageShapes, type PageVariants, type ReaderPage } from "@/lib/paged";
