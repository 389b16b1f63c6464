import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { getStaticPage, staticPageLocales, SUPPORT_EMAIL_SLOT } from "@/content/static-pages";
import { ProsePage } from "./ProsePage";

// The site's Link needs Next's router; a plain anchor is enough for the markup (no jsdom here: server rendering).
vi.mock("@/i18n/navigation", () => ({
  Link: ({ href, locale: _locale, ...props }: ComponentProps<"a"> & { locale?: string }) => <a href={String(href)} {...props} />,
}));

const ADDRESS = "help@manga-site.org";

describe("static pages' markup (issue 28, item 4)", () => {
  it.each(["faq", "terms", "privacy"] as const)("%s links only the configured support address, in both languages", (page) => {
    for (const locale of staticPageLocales) {
      const html = renderToStaticMarkup(<ProsePage page={page} locale={locale} content={getStaticPage(page, locale, ADDRESS)} supportEmail={ADDRESS} />);
      const mailtos = [...html.matchAll(/href="mailto:([^"]+)"/g)].map((m) => m[1]);
      // The contact card and at least one address in the text.
      expect(mailtos.length).toBeGreaterThanOrEqual(2);
      expect(new Set(mailtos)).toEqual(new Set([ADDRESS]));
      expect(html).not.toContain(SUPPORT_EMAIL_SLOT);
      expect(html).not.toContain(".example");
    }
  });
});
