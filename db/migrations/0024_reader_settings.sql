-- Issue 32, items 4 and 5: the reader's settings on the account (key bindings, touch, reading settings per series), and
-- the vertical view's exact place in a chapter (the page at the top edge and a fraction 0–1 of its height down it).
CREATE TABLE "reader_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reading_progress" ADD COLUMN "anchor_page" integer;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD COLUMN "anchor_offset" real;--> statement-breakpoint
ALTER TABLE "reader_settings" ADD CONSTRAINT "reader_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;