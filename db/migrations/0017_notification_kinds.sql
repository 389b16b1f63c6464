ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "lang" text;--> statement-breakpoint
CREATE INDEX "notifications_unclassified_idx" ON "notifications" USING btree ("id") WHERE "notifications"."kind" is null and "notifications"."lang" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_lang_check" CHECK ("notifications"."lang" is null or "notifications"."lang" in ('en', 'ar'));