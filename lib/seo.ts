import type { Metadata } from "next";

/** Canonical URL and hreflang alternates for a path that exists in both languages (English has no prefix). */
export function alternatesFor(locale: string, path: string): Metadata["alternates"] {
  const clean = path === "/" ? "" : path;
  const en = clean || "/";
  const ar = `/ar${clean}`;
  return { canonical: locale === "ar" ? ar : en, languages: { en, ar, "x-default": en } };
}
