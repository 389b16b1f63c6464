"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAuth } from "@/components/providers/use-auth";
import { useApi } from "@/components/providers/use-api";
import { getQueryClient } from "@/lib/query-client";
import { MANGA_LIST_STALE_MS } from "@/lib/constants";
import { flipFavoriteCount, learnFavoriteCounts } from "./FavoriteCount";
import { rememberedFavoriteCounts, rememberFavoriteCount } from "./favorite-count-memory";

// This browser's recent toggles (kept while a public page may still show the count of before): shown from now on.
if (typeof window !== "undefined") learnFavoriteCounts(rememberedFavoriteCounts());

/**
 * The signed-in user's favourite manga ids, shared by every heart on the page: one request
 * (GET /api/Authentication/Me/Favorites) however many cards show, cached like the manga lists (spec §9).
 * Pages that already know the ids (server-rendered dashboard pages) seed them with useSeedFavorites.
 * The hearts that read and toggle them run in the browser only (components/manga/SignedInFavorite.tsx), on the tab's
 * shared query client.
 */
export const favoritesKey = (userId: number | null | undefined) => ["favorites", userId ?? null] as const;

type FavoriteEntry = { mangaId?: number; id?: number };
/** Spec §3: "The favourites response is a list or an object with a data list." */
function idsOf(body: unknown): number[] {
  const list: unknown = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) return [];
  return list.map((e: FavoriteEntry) => Number(e.mangaId ?? e.id)).filter((n) => Number.isSafeInteger(n));
}

export function useFavoriteIds(): { signedIn: boolean; ready: boolean; ids: ReadonlySet<number> } {
  const { status, user } = useAuth();
  const api = useApi();
  const signedIn = status === "authenticated" && user !== null;
  const query = useQuery({
    queryKey: favoritesKey(user?.id),
    queryFn: async () => idsOf(await api<unknown>("/api/Authentication/Me/Favorites", { query: { imageFormat: "url" } })),
    enabled: signedIn,
    staleTime: MANGA_LIST_STALE_MS,
    refetchOnReconnect: true,
    select: (ids) => new Set(ids),
  }, getQueryClient());
  return { signedIn, ready: !signedIn || query.isSuccess, ids: query.data ?? EMPTY };
}
const EMPTY: ReadonlySet<number> = new Set();

/**
 * Puts ids the server already read into the shared cache, so hearts render right without a request. Runs during
 * render (before the hearts below subscribe) and only while nothing is cached: newer client state wins.
 */
export function useSeedFavorites(userId: number, ids: readonly number[]): void {
  const client = useQueryClient();
  if (client.getQueryData(favoritesKey(userId)) === undefined) client.setQueryData(favoritesKey(userId), [...ids]);
}

export interface ToggleAnswer {
  mangaId: number;
  isFavorite: boolean;
  favorites: number;
}

/**
 * Spec §4: the heart flips at once and the toggle is sent; on failure the flip is undone and nothing is shown.
 * Concurrent clicks on one card queue one after another (mutation scope), so the server ends where the screen does.
 * Every count shown for the manga moves with the heart (./FavoriteCount.tsx) and takes the server's figure after.
 */
export function useToggleFavorite(mangaId: number) {
  const { user } = useAuth();
  const api = useApi();
  const client = getQueryClient();
  const key = favoritesKey(user?.id);
  return useMutation({
    scope: { id: `favorite-${mangaId}` },
    mutationFn: () => api<ToggleAnswer>("/api/manga/ToggleFavorite", { method: "POST", body: { mangaId } }),
    onMutate: async () => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<number[]>(key) ?? [];
      const had = before.includes(mangaId);
      client.setQueryData(key, had ? before.filter((id) => id !== mangaId) : [...before, mangaId]);
      return { before, count: flipFavoriteCount(mangaId, had ? -1 : 1) };
    },
    onError: (_error, _vars, context) => {
      if (!context) return;
      context.count.undo();
      const now = client.getQueryData<number[]>(key) ?? [];
      // Undo only this card's flip (other cards may have changed meanwhile).
      const had = context.before.includes(mangaId);
      client.setQueryData(key, had ? [...new Set([...now, mangaId])] : now.filter((id) => id !== mangaId));
    },
    // The server's answer is the truth (e.g. a click made before the list was read).
    onSuccess: (answer, _vars, context) => {
      context.count.settle(answer.favorites);
      rememberFavoriteCount(mangaId, answer.favorites);
      const now = client.getQueryData<number[]>(key) ?? [];
      client.setQueryData(key, answer.isFavorite ? [...new Set([...now, mangaId])] : now.filter((id) => id !== mangaId));
    },
  }, client);
}
