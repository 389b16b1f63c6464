CREATE TABLE "chapter_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chapter_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chapter_id" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	"accept_when_ready" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "processing" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "processing_error" text;--> statement-breakpoint
ALTER TABLE "chapter_jobs" ADD CONSTRAINT "chapter_jobs_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_jobs_chapter_id_index" ON "chapter_jobs" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "chapter_jobs_locked_at_index" ON "chapter_jobs" USING btree ("locked_at");--> statement-breakpoint
CREATE INDEX "chapters_release_due_idx" ON "chapters" USING btree ("publish_at") WHERE "chapters"."announced_at" is null and "chapters"."status" = 1;