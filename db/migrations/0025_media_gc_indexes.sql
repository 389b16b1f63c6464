CREATE INDEX IF NOT EXISTS "media_variants_media_id_index" ON "media_variants" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_profile_image_id_index" ON "users" USING btree ("profile_image_id") WHERE "users"."profile_image_id" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "manga_cover_image_id_index" ON "manga" USING btree ("cover_image_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "manga_banner_image_id_index" ON "manga" USING btree ("banner_image_id") WHERE "manga"."banner_image_id" is not null;