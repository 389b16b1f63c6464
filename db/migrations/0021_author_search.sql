-- A manga's search text holds its author's name between the title and the description (lib/search-fold.ts,
-- searchTextFor), so a search by a writer's name finds their manga. Backfill: the folded title (search_title), the
-- folded username (users.search_text begins with it; usernames have no spaces), then the rest, which is the folded
-- description. A deleted account's manga get no name ("Deleted user" is not the writer's name).
UPDATE "manga" AS m
SET "search_text" = concat_ws(' ',
  nullif(m."search_title", ''),
  nullif(split_part(coalesce(u."search_text", ''), ' ', 1), ''),
  nullif(btrim(substring(m."search_text" from char_length(m."search_title") + 1)), ''))
FROM "users" AS u
WHERE u."id" = m."author_id" AND u."deleted_at" IS NULL AND u."search_text" IS NOT NULL AND u."search_text" <> '';
