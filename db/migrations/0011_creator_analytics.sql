DROP INDEX "favorites_manga_id_index";--> statement-breakpoint
CREATE INDEX "favorites_manga_id_created_at_index" ON "favorites" USING btree ("manga_id","created_at");--> statement-breakpoint
CREATE INDEX "reading_progress_chapter_id_completed_page_number_index" ON "reading_progress" USING btree ("chapter_id","completed","page_number");--> statement-breakpoint
CREATE INDEX "daily_views_manga_id_day_index" ON "daily_views" USING btree ("manga_id","day");