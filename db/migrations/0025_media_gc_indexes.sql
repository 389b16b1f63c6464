-- Issue 33, item 4: the media collector's anti-joins and PostgreSQL's foreign-key checks on each deleted media row
-- scanned these tables whole (45.6 s against 9.3 s for 10k unreferenced of 100k media, ADR 026); and the metrics'
-- outbox backlog counts the unsent mails at every scrape. On a large site, create them CONCURRENTLY first under these
-- names (README, Operations): IF NOT EXISTS then skips them here.
CREATE INDEX IF NOT EXISTS "media_variants_media_id_index" ON "media_variants" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_profile_image_id_index" ON "users" USING btree ("profile_image_id") WHERE "users"."profile_image_id" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "manga_cover_image_id_index" ON "manga" USING btree ("cover_image_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "manga_banner_image_id_index" ON "manga" USING btree ("banner_image_id") WHERE "manga"."banner_image_id" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_unsent_index" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."sent_at" is null;