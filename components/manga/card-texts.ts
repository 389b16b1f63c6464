import { cache } from "react";
import { getLocale, getMessages } from "next-intl/server";
import type { MessageTree } from "@/i18n/format";
import type { CardTexts } from "./MangaCard";

/**
 * The messages a manga card shows (server components pass them to MangaCard, and to client lists that render cards).
 * Once per request, however many carousels and grids ask.
 */
export const getCardTexts = cache(async (): Promise<CardTexts> => {
  const [messages, locale] = await Promise.all([getMessages(), getLocale()]);
  const manga = messages.manga as MessageTree;
  return {
    locale,
    manga: { by: manga.by!, favorites: manga.favorites!, unknownAuthor: manga.unknownAuthor!, addFavorite: manga.addFavorite!, removeFavorite: manga.removeFavorite!, rating: manga.rating! },
    genres: messages.genres as MessageTree,
  };
});
