/*
 * MangaNova's service worker (issue 32, item 6; docs/decisions/009, "Offline"). Hand-written, no build step.
 * Registered only by the offline page (a visit to it, or saving a chapter there), never by other pages.
 *
 * What it does:
 * - keeps the app shell: the offline page in both languages, its scripts, styles and fonts, the manifest and icons
 *   (cache "mn-shell-v1"), fetched again whenever the offline page is opened online;
 * - answers a page navigation that fails (no network) with the kept offline page of its language, so a saved chapter
 *   can be opened with no network;
 * - serves Next's content-hashed static files from that cache first (they never change under one name).
 * It never stores the API's answers, other pages or images: saved chapters' images are kept by the offline page
 * itself (cache "mn-offline-pages-v1") and read from there as object URLs.
 */
const SHELL = "mn-shell-v1";
const OFFLINE_PAGES = ["/offline", "/ar/offline"];
const EXTRAS = ["/manifest.webmanifest", "/icon.svg", "/icons/icon-192.png", "/icons/icon-512.png"];
const STATIC = /\/_next\/static\/[A-Za-z0-9_\-./~%@]+/g;
const CSS_URL = /url\((?:"|')?(\/_next\/static\/[^)"']+)(?:"|')?\)/g;

self.addEventListener("install", (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith("mn-shell-") && n !== SHELL).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "keep-shell") event.waitUntil(keepShell().then(() => event.source && event.source.postMessage("shell-kept")));
});

/** Fetches the offline pages (as a visitor, in their own language) and everything they load, into the shell cache. */
async function keepShell() {
  const cache = await caches.open(SHELL);
  const assets = new Set(EXTRAS);
  for (const path of OFFLINE_PAGES) {
    try {
      const res = await fetch(new Request(path, { credentials: "omit", cache: "no-store", headers: { "Accept-Language": path.startsWith("/ar") ? "ar" : "en" } }));
      if (!res.ok || res.redirected) continue;
      const html = await res.clone().text();
      await cache.put(path, res);
      for (const m of html.matchAll(STATIC)) assets.add(m[0]);
    } catch {
      // No network now: the copy kept before stays.
    }
  }
  await Promise.all([...assets].map((url) => keep(cache, url)));
  // The stylesheets' fonts.
  for (const url of assets) {
    if (!url.endsWith(".css")) continue;
    const res = await cache.match(url);
    if (!res) continue;
    const fonts = [...(await res.text()).matchAll(CSS_URL)].map((m) => m[1]);
    await Promise.all(fonts.map((f) => keep(cache, f)));
  }
}

async function keep(cache, url) {
  try {
    if (url.startsWith("/_next/static/") && (await cache.match(url))) return;
    const res = await fetch(url, { credentials: "omit" });
    if (res.ok) await cache.put(url, res);
  } catch {
    // Left for the next time.
  }
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === "navigate") {
    event.respondWith(navigate(event, req, url));
  } else if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(staticFile(req));
  }
});

/** The network's answer; with no network, the kept offline page of the path's language. */
async function navigate(event, req, url) {
  try {
    const res = await fetch(req);
    if (OFFLINE_PAGES.includes(url.pathname) && res.ok) event.waitUntil(keepShell());
    return res;
  } catch (error) {
    const page = /^\/ar(\/|$)/.test(url.pathname) ? "/ar/offline" : "/offline";
    const kept = await caches.match(page, { cacheName: SHELL });
    if (kept) return kept;
    throw error;
  }
}

/** A content-hashed static file: the kept copy, else the network's (kept for next time). */
async function staticFile(req) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(req, { ignoreVary: true });
  if (kept) return kept;
  const res = await fetch(req);
  if (res.ok && res.type === "basic") cache.put(req, res.clone()).catch(() => undefined);
  return res;
}
