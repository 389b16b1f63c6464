CREATE TABLE "ratings" (
	"user_id" integer NOT NULL,
	"manga_id" integer NOT NULL,
	"score" smallint NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_user_id_manga_id_pk" PRIMARY KEY("user_id","manga_id"),
	CONSTRAINT "ratings_score_check" CHECK ("ratings"."score" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "manga" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "manga" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "manga" ADD COLUMN "rating_score" double precision GENERATED ALWAYS AS ((30.0 + rating_sum) / (5.0 + rating_count)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_manga_id_manga_id_fk" FOREIGN KEY ("manga_id") REFERENCES "public"."manga"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ratings_manga_id_index" ON "ratings" USING btree ("manga_id");--> statement-breakpoint
CREATE INDEX "ratings_uncounted_idx" ON "ratings" USING btree ("user_id") WHERE not "ratings"."counted";--> statement-breakpoint
CREATE INDEX "manga_walk_rating_score_idx" ON "manga" USING btree ("status","rating_score","id","search_prefix");--> statement-breakpoint
ALTER TABLE "manga" ADD CONSTRAINT "manga_rating_check" CHECK ("manga"."rating_sum" >= 0 and "manga"."rating_count" >= 0);