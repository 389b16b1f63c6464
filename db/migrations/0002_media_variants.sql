CREATE TABLE "media_variants" (
	"source_id" text NOT NULL,
	"width" integer NOT NULL,
	"media_id" text NOT NULL,
	CONSTRAINT "media_variants_source_id_width_pk" PRIMARY KEY("source_id","width")
);
--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_source_id_media_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;