-- A chapter readers could already see but that has no announcement time (released before migration 0004 recorded one,
-- or seeded without it) counts as announced at its release: publish time, else creation. Without it, a later edit that
-- goes back to review and is accepted again announced it as a new chapter (favouriters notified, first in the latest
-- updates and the feeds). Chapters of a manga not accepted yet, and scheduled ones, keep waiting for their announcement.
UPDATE "chapters" AS c SET "announced_at" = coalesce(c."publish_at", c."created_at")
FROM "manga" AS m
WHERE m."id" = c."manga_id" AND m."status" = 1 AND c."status" = 1 AND c."announced_at" IS NULL
  AND (c."publish_at" IS NULL OR c."publish_at" <= now());
