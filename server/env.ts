import { randomBytes } from "node:crypto";
import { parseTrustProxyHops } from "@/server/core/client-ip";

/**
 * Configuration read from the environment, in one place. Only non-secret defaults live here;
 * AUTH_SECRET falls back to a per-process random value outside production so the demo runs with
 * no setup (sessions then end when the process restarts).
 */
const KEY = Symbol.for("manga.env.devSecret");
type G = typeof globalThis & { [KEY]?: string };

function devSecret(): string {
  const g = globalThis as G;
  g[KEY] ??= randomBytes(32).toString("hex");
  return g[KEY];
}

/** The demo's support address, on the same (local) domain as MAIL_FROM's default. */
export const DEFAULT_SUPPORT_EMAIL = "support@manganova.local";
const SUPPORT_EMAIL_PATTERN = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

export const env = {
  get isProduction(): boolean {
    return process.env.NODE_ENV === "production";
  },
  get siteUrl(): string {
    return (process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
  },
  get port(): number {
    return Number(process.env.PORT || 3000);
  },
  get authSecret(): string {
    const s = process.env.AUTH_SECRET || process.env.NEXTAUTH_SECRET;
    if (s) return s;
    if (process.env.NODE_ENV === "production" && process.env.DATABASE_URL) {
      throw new Error("AUTH_SECRET must be set when running on a real database in production");
    }
    return devSecret();
  },
  get smtpUrl(): string | undefined {
    return process.env.SMTP_URL || undefined;
  },
  get mailFrom(): string {
    return process.env.MAIL_FROM || "MangaNova <no-reply@manganova.local>";
  },
  /**
   * The address people write to (SUPPORT_EMAIL): the FAQ, the terms and the privacy policy name it and their contact
   * card opens it. A value that is not one plain address falls back to the demo's default.
   */
  get supportEmail(): string {
    const value = (process.env.SUPPORT_EMAIL || "").trim();
    return SUPPORT_EMAIL_PATTERN.test(value) ? value : DEFAULT_SUPPORT_EMAIL;
  },
  /**
   * The shortest life of a signed premium page URL, in seconds (MEDIA_URL_TTL_SECONDS; default 2 hours, at least 1).
   * Expiries are rounded up to a quarter of it, so a URL lives between this and 1.25 times this (server/media/signed-url.ts).
   */
  get mediaUrlTtlSeconds(): number {
    const n = Number(process.env.MEDIA_URL_TTL_SECONDS);
    return Number.isSafeInteger(n) && n >= 1 ? n : 7200;
  },
  /** Origins allowed to open the notification socket; the site's own origin always is. */
  get allowedOrigins(): string[] {
    const extra = (process.env.ALLOWED_ORIGINS || "").split(",").map((s) => s.trim()).filter(Boolean);
    return [new URL(this.siteUrl).origin, ...extra];
  },
  /** Proxies in front of the app whose X-Forwarded-For entries are believed (server/core/client-ip.ts); 0 = none. */
  get trustProxyHops(): number {
    return parseTrustProxyHops(process.env.TRUST_PROXY_HOPS);
  },
};
