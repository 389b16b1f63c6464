-- A spread (a page wider than tall: a two-page drawing) is shown alone across the width in double view (issue 32).
-- Set at upload from the stored page's size; existing pages take it from the width and height already stored.
ALTER TABLE "chapter_pages" ADD COLUMN "spread" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "chapter_pages" SET "spread" = true WHERE "width" > "height";
