import type { MetadataRoute } from "next";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";

/**
 * The installable web app's manifest (issue 32, item 6), served at /manifest.webmanifest and linked from every page's
 * head (no script). One manifest for both languages: the name carries both, the app opens on the landing page, which
 * answers in the visitor's language. The icons are the site's mark (scripts/icons/app-icons.ts); the service worker
 * the browser needs to install it is registered by the offline page (docs/decisions/009, "Offline").
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: `${en.brand.name} · ${ar.brand.name}`,
    short_name: en.brand.name,
    description: `${en.brand.tagline} · ${ar.brand.tagline}`,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#09090b",
    theme_color: "#e11d48",
    categories: ["books", "entertainment"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
    ],
    shortcuts: [
      { name: en.offline.title, short_name: en.offline.short, url: "/offline" },
      { name: ar.offline.title, short_name: ar.offline.short, url: "/ar/offline" },
    ],
  };
}
