CREATE TABLE "ad_impression_days" (
	"day" date NOT NULL,
	"chapter_id" integer NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_impression_days_chapter_id_day_pk" PRIMARY KEY("chapter_id","day")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payout_email" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "processed_by" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "ad_impression_days" ADD CONSTRAINT "ad_impression_days_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_impression_days_day_index" ON "ad_impression_days" USING btree ("day");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_payout_queue_idx" ON "transactions" USING btree ("status","created_at") WHERE "transactions"."method" = 'payout';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_pending_payout_idx" ON "transactions" USING btree ("user_id") WHERE "transactions"."method" = 'payout' and "transactions"."status" = 0;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('share', 'payout', 'payout_return'));