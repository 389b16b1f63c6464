CREATE INDEX "chapter_pages_image_id_index" ON "chapter_pages" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "chapter_pages_image350_id_index" ON "chapter_pages" USING btree ("image350_id");--> statement-breakpoint
CREATE INDEX "chapter_pages_image500_id_index" ON "chapter_pages" USING btree ("image500_id");--> statement-breakpoint
CREATE INDEX "chapter_pages_image700_id_index" ON "chapter_pages" USING btree ("image700_id");