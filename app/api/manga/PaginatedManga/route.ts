/** Spec §7 GET /manga/PaginatedManga; defined in server/http/catalogue-routes.ts, which the custom server also serves directly. */
export { paginatedManga as GET } from "@/server/http/catalogue-routes";
