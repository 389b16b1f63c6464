/**
 * Money as the product shows it (issue 16 §3): integer minor units (cents) formatted in the page's language with the
 * currency's narrow symbol. Only formatting divides by 100; no amount is ever computed in floating point.
 *
 * In Arabic, ICU writes the dollar "US$": a Latin word inside Arabic text, and, left to the bidi algorithm, its "$" is a
 * neutral that lands on the wrong side ("$US 1,399.48"). Arabic pages show the symbol without its Latin letters ("$",
 * as Arabic sites write the dollar), in a left-to-right isolate (U+2066 … U+2069) so it stays where Arabic puts it.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" });
  if (!locale.startsWith("ar")) return format.format(minor / 100);
  return format
    .formatToParts(minor / 100)
    .map((part) => (part.type === "currency" && /[A-Za-z]/.test(part.value) ? `\u2066${part.value.replace(/[A-Za-z]/g, "") || part.value}\u2069` : part.value))
    .join("");
}

/** "2026-10" (or "2026-10-01") → "October 2026" / "أكتوبر 2026". */
export function formatMonth(month: string, locale: string, style: "long" | "short" = "long"): string {
  return new Intl.DateTimeFormat(locale, { month: style, year: "numeric", timeZone: "UTC" }).format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

/**
 * The creators' pool of a month's income: `sharePercent` of it rounded down to the cent (server/monetization/shares.ts
 * states the whole rule); integer arithmetic, exact for any amount.
 */
export function creatorPool(incomeMinor: number, sharePercent: number): number {
  return Number((BigInt(incomeMinor) * BigInt(sharePercent)) / 100n);
}
