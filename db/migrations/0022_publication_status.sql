-- Whether a manga is still coming out (lib/publication-status.ts): ongoing, completed, hiatus or cancelled, the writer's
-- choice. Existing manga are ongoing until their writer says otherwise (nothing in a row tells a finished series).
ALTER TABLE "manga" ADD COLUMN "publication_status" text DEFAULT 'ongoing' NOT NULL;--> statement-breakpoint
ALTER TABLE "manga" ADD CONSTRAINT "manga_publication_status_check" CHECK ("manga"."publication_status" in ('ongoing', 'completed', 'hiatus', 'cancelled'));
