/** Spec §7 GET /manga/GetMangaById; defined in server/http/catalogue-routes.ts, which the custom server also serves directly. */
export { getMangaById as GET } from "@/server/http/catalogue-routes";
