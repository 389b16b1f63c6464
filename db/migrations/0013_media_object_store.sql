ALTER TABLE "media" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "store" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_bytes_in_store" CHECK (("media"."store" = 0) = ("media"."bytes" is not null));