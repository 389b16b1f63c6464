CREATE TABLE "daily_views" (
	"day" date NOT NULL,
	"manga_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_views_day_manga_id_pk" PRIMARY KEY("day","manga_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reporter_id" integer,
	"manga_id" integer NOT NULL,
	"chapter_id" integer,
	"reason" smallint NOT NULL,
	"details" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" between 0 and 3),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "daily_views" ADD CONSTRAINT "daily_views_manga_id_manga_id_fk" FOREIGN KEY ("manga_id") REFERENCES "public"."manga"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_manga_id_manga_id_fk" FOREIGN KEY ("manga_id") REFERENCES "public"."manga"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_user_idx" ON "reports" USING btree ("reporter_id","manga_id",coalesce("chapter_id", 0)) WHERE "reports"."status" = 0;--> statement-breakpoint
CREATE INDEX "reports_status_manga_id_chapter_id_index" ON "reports" USING btree ("status","manga_id","chapter_id");--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_login_index" ON "users" USING btree ("last_login");--> statement-breakpoint
CREATE INDEX "users_balance_index" ON "users" USING btree ("balance");--> statement-breakpoint
UPDATE "users" SET "search_text" = lower("username" || ' ' || "full_name" || ' ' || "email") WHERE "search_text" IS NULL;--> statement-breakpoint
INSERT INTO "daily_views" ("day", "manga_id", "views")
  SELECT (v."created_at" AT TIME ZONE 'UTC')::date, c."manga_id", count(*)::int
  FROM "chapter_views" v JOIN "chapters" c ON c."id" = v."chapter_id"
  GROUP BY 1, 2;
