-- Issue 34, item 4: following writers. One row per (follower, writer), the writer's followers through their index; the
-- manga's followers_told_at marks a manga whose author's followers were told it is out (once); the preference switches of
-- that notice. Manga already accepted count as told, so re-accepting one later tells nobody.
CREATE TABLE "follows" (
	"follower_id" integer NOT NULL,
	"writer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_writer_id_pk" PRIMARY KEY("follower_id","writer_id"),
	CONSTRAINT "follows_not_self_check" CHECK ("follows"."follower_id" <> "follows"."writer_id")
);
--> statement-breakpoint
ALTER TABLE "manga" ADD COLUMN "followers_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "followed_writer_in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "followed_writer_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_writer_id_index" ON "follows" USING btree ("writer_id");--> statement-breakpoint
UPDATE "manga" SET "followers_told_at" = "updated_at" WHERE "status" = 1;
