import { describe, expect, it } from "vitest";
import { apiMessage, apiMessages, localeOf, preferredLocale } from "./messages";

const request = (headers: Record<string, string>) => new Request("http://test/api/x", { headers });

describe("API messages", () => {
  it("has the same keys in English and Arabic, none empty", () => {
    const en = Object.keys(apiMessages.en).sort();
    const ar = Object.keys(apiMessages.ar).sort();
    expect(ar).toEqual(en);
    for (const locale of ["en", "ar"] as const) {
      for (const text of Object.values(apiMessages[locale])) expect(text.trim()).not.toBe("");
    }
  });

  it("uses the same placeholders in both languages", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+(?::\w+)?)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(apiMessages.en) as Array<keyof typeof apiMessages.en>) {
      expect(placeholders(apiMessages.ar[key]), key).toEqual(placeholders(apiMessages.en[key]));
    }
  });

  it("fills placeholders", () => {
    expect(apiMessage("en", "payloadTooLarge", { limit: "1 MB" })).toBe("The request is too large (at most 1 MB).");
    expect(apiMessage("ar", "payloadTooLarge", { limit: "1 MB" })).toContain("1 MB");
  });

  it("writes a number with its unit in each language's plural form (the sign-in lock's minutes)", () => {
    const minutes = (locale: "en" | "ar", n: number) => apiMessage(locale, "accountLocked", { minutes: n });
    expect(minutes("en", 1)).toBe("Too many failed sign-in attempts. Please try again in 1 minute.");
    expect(minutes("en", 15)).toBe("Too many failed sign-in attempts. Please try again in 15 minutes.");
    // Arabic: one and two are words of their own, 3–10 take the plural, 11 and up the singular; Latin digits.
    expect([1, 2, 8, 15].map((n) => minutes("ar", n).split(" بعد ")[1])).toEqual(["دقيقة.", "دقيقتان.", "8 دقائق.", "15 دقيقة."]);
  });

  it("keeps the spec's texts", () => {
    expect(apiMessage("en", "internal")).toBe("Something went wrong");
    expect(apiMessage("en", "tooManyRequests")).toBe("Too many requests. Please wait and try again later.");
  });
});

describe("localeOf", () => {
  it("defaults to English", () => {
    expect(localeOf(request({}))).toBe("en");
    expect(localeOf(request({ "accept-language": "fr-FR,de;q=0.8" }))).toBe("en");
  });

  it("follows Accept-Language when it prefers Arabic", () => {
    expect(localeOf(request({ "accept-language": "ar" }))).toBe("ar");
    expect(localeOf(request({ "accept-language": "ar-EG,ar;q=0.9,en;q=0.8" }))).toBe("ar");
    expect(localeOf(request({ "accept-language": "fr,ar;q=0.5" }))).toBe("ar");
    expect(localeOf(request({ "accept-language": "en-US,en;q=0.9,ar;q=0.8" }))).toBe("en");
    expect(localeOf(request({ "accept-language": "en;q=0.5,ar;q=0.9" }))).toBe("ar");
    expect(localeOf(request({ "accept-language": "ar;q=0" }))).toBe("en");
  });

  it("prefers an explicit x-locale header, then the site's language cookie", () => {
    expect(localeOf(request({ "x-locale": "ar", "accept-language": "en" }))).toBe("ar");
    expect(localeOf(request({ "x-locale": "EN", "accept-language": "ar" }))).toBe("en");
    expect(localeOf(request({ "x-locale": "xx", "accept-language": "ar" }))).toBe("ar");
    expect(localeOf(request({ cookie: "a=b; NEXT_LOCALE=ar", "accept-language": "en" }))).toBe("ar");
  });

  it("parses Accept-Language defensively", () => {
    expect(preferredLocale("")).toBeUndefined();
    expect(preferredLocale(";;,,q=")).toBeUndefined();
    expect(preferredLocale("*")).toBeUndefined();
  });
});
