/** Business constants of spec §9, shared by client and server. */
export const PAGE_SIZE = { carousel: 10, discovery: 20, notifications: 10, max: 100 } as const;
export const LANDING_GENRES = ["Action", "Adventure", "Comedy", "Drama"] as const;
export const SEARCH_DEBOUNCE_MS = 300;
export const HEADER_SEARCH_RESULTS = { desktop: 5, mobile: 8 } as const;
export const MANGA_LIST_STALE_MS = 300_000;
/**
 * A manga's counters (its favourite count) on cached public pages refresh at most this often: the first change after
 * a quiet spell shows at once, a busy manga's count at most this late (server/manga/changed.ts, docs/decisions/019).
 * The browser that made a change shows its own answer meanwhile (components/manga/FavoriteCount.tsx).
 */
export const COUNTER_REFRESH_MS = 30_000;
export const QUERY_GC_MS = 60_000;
export const PDF_MAX_BYTES = 50 * 1024 * 1024;
export const CAROUSEL = { gap: 35, slidesPerView: 5, breakpoints: { 320: 1.2, 480: 1.8, 640: 2.5, 768: 3.2, 1024: 4.2, 1280: 5.2 } } as const;
