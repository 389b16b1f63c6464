DROP INDEX "manga_status_popularity_id_index";--> statement-breakpoint
DROP INDEX "manga_status_created_at_id_index";--> statement-breakpoint
DROP INDEX "manga_status_updated_at_id_index";--> statement-breakpoint
DROP INDEX "manga_status_views_id_index";--> statement-breakpoint
DROP INDEX "manga_status_favorites_id_index";--> statement-breakpoint
DROP INDEX "manga_status_chapter_count_id_index";--> statement-breakpoint
DROP INDEX "manga_status_title_idx";--> statement-breakpoint
ALTER TABLE "manga" ADD COLUMN "search_prefix" text GENERATED ALWAYS AS (left(search_text, 256)) STORED;--> statement-breakpoint
CREATE INDEX "users_id_username_idx" ON "users" USING btree ("id","username");--> statement-breakpoint
CREATE INDEX "manga_walk_popularity_idx" ON "manga" USING btree ("status","popularity","id","search_prefix");--> statement-breakpoint
CREATE INDEX "manga_walk_created_at_idx" ON "manga" USING btree ("status","created_at","id","search_prefix");--> statement-breakpoint
CREATE INDEX "manga_walk_updated_at_idx" ON "manga" USING btree ("status","updated_at","id","search_prefix");--> statement-breakpoint
CREATE INDEX "manga_walk_views_idx" ON "manga" USING btree ("status","views","id","search_prefix");--> statement-breakpoint
CREATE INDEX "manga_walk_favorites_idx" ON "manga" USING btree ("status","favorites","id","search_prefix");--> statement-breakpoint
CREATE INDEX "manga_walk_chapter_count_idx" ON "manga" USING btree ("status","chapter_count","id","search_prefix");--> statement-breakpoint
CREATE INDEX "manga_walk_title_idx" ON "manga" USING btree ("status",lower("title"),"id","title","search_prefix");--> statement-breakpoint
CREATE INDEX "manga_status_idx" ON "manga" USING btree ("status");