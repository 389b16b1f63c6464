/** Spec §7 GET /chapter/PaginatedChapterImagePages; defined in server/http/reader-routes.ts, which the custom server also serves directly. */
export { paginatedChapterImagePages as GET } from "@/server/http/reader-routes";
