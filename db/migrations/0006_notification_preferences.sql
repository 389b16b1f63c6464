CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"review_in_app" boolean DEFAULT true NOT NULL,
	"review_email" boolean DEFAULT false NOT NULL,
	"new_chapter_in_app" boolean DEFAULT true NOT NULL,
	"submissions_in_app" boolean DEFAULT true NOT NULL,
	"submissions_email" boolean DEFAULT false NOT NULL,
	"announcements_email" boolean DEFAULT false NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"digest_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;