CREATE TABLE "ad_impression_months" (
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_impression_months_month_user_id_pk" PRIMARY KEY("month","user_id")
);
--> statement-breakpoint
ALTER TABLE "ad_impression_months" ADD CONSTRAINT "ad_impression_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;