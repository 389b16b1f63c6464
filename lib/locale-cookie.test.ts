import { afterEach, describe, expect, it, vi } from "vitest";
import { localeCookie } from "./locale-cookie";
import { isSecureRequest, viewerCookieHeader } from "@/server/chapters/viewer-cookie";

/** Issue 19, item 7: cookies are Secure when the site is served over https. */
describe("cookies on an https site", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("the language cookie written by the page is Secure over https only", () => {
    expect(localeCookie("ar", "https:")).toBe("NEXT_LOCALE=ar; path=/; max-age=31536000; samesite=lax; secure");
    expect(localeCookie("en", "http:")).toBe("NEXT_LOCALE=en; path=/; max-age=31536000; samesite=lax");
  });

  it("the viewer cookie is Secure when SITE_URL is https, whatever the request's own scheme", () => {
    const plain = new Request("http://127.0.0.1:3000/api/chapter/RecordView");
    vi.stubEnv("SITE_URL", "http://localhost:3000");
    expect(isSecureRequest(plain)).toBe(false);
    const forwarded = new Request(plain.url, { headers: { "x-forwarded-proto": "https" } });
    // X-Forwarded-Proto is a proxy's word: believed behind one, ignored from a client speaking directly.
    vi.stubEnv("TRUST_PROXY_HOPS", "1");
    expect(isSecureRequest(forwarded)).toBe(true);
    vi.stubEnv("TRUST_PROXY_HOPS", "0");
    expect(isSecureRequest(forwarded)).toBe(false);
    vi.stubEnv("SITE_URL", "https://manga.example");
    expect(isSecureRequest(plain)).toBe(true);
    expect(viewerCookieHeader("v", isSecureRequest(plain))).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });
});
