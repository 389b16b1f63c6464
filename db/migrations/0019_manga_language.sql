-- The language a manga is written in (lib/manga-language.ts). Existing manga take their title's script: Arabic letters → ar,
-- else kana → ja, else en (the same ranges as languageOfTitle); new ones get the writer's choice or that same default.
ALTER TABLE "manga" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
UPDATE "manga" SET "language" = case when title ~ '[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]' then 'ar' when title ~ '[\u3040-\u30FF]' then 'ja' else 'en' end WHERE title ~ '[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF\u3040-\u30FF]';--> statement-breakpoint
ALTER TABLE "manga" ADD CONSTRAINT "manga_language_check" CHECK ("manga"."language" in ('en', 'ar', 'ja', 'other'));
