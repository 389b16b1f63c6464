ALTER TABLE "media_variants" ADD COLUMN "format" text DEFAULT 'webp' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_variants" DROP CONSTRAINT "media_variants_source_id_width_pk";--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_source_id_width_format_pk" PRIMARY KEY("source_id","width","format");
