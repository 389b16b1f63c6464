/** Spec §7 POST /chapter/RecordView; defined in server/http/reader-routes.ts, which the custom server also serves directly. */
export { recordViewRoute as POST } from "@/server/http/reader-routes";
