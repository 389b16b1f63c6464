/**
 * Money as the product shows it (issue 16 §3): integer minor units (cents) formatted in the page's language with the
 * currency's narrow symbol. Only formatting divides by 100; no amount is ever computed in floating point.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" }).format(minor / 100);
}

/** "2026-10" (or "2026-10-01") → "October 2026" / "أكتوبر 2026". */
export function formatMonth(month: string, locale: string, style: "long" | "short" = "long"): string {
  return new Intl.DateTimeFormat(locale, { month: style, year: "numeric", timeZone: "UTC" }).format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}
