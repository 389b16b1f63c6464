/** Spec §7 POST /manga/ToggleFavorite; defined in server/http/reader-routes.ts, which the custom server also serves directly. */
export { toggleFavoriteRoute as POST } from "@/server/http/reader-routes";
