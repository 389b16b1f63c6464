/**
 * How far the public catalogue is cached, shared by the data cache (./cache.ts, inside Next) and the custom server's
 * page cache (server/http/page-cache.ts), which cannot import Next's cache module.
 */
/** Discovery pages past this one (and every search) are read directly: they are rare and would only fill the cache. */
export const CACHED_DISCOVERY_PAGES = 20;
