/** The date-of-birth picker's rules (spec §2, §5, §9), kept pure for tests. */

export const BIRTH_YEAR_MIN = 1920;

const pad = (n: number) => String(n).padStart(2, "0");

/** "01" … "31". */
export const DAYS: readonly string[] = Array.from({ length: 31 }, (_, i) => pad(i + 1));
/** "01" … "12". */
export const MONTHS: readonly string[] = Array.from({ length: 12 }, (_, i) => pad(i + 1));

/** From this year down to 1920. */
export function birthYears(now: Date = new Date()): string[] {
  const years: string[] = [];
  for (let y = now.getFullYear(); y >= BIRTH_YEAR_MIN; y--) years.push(String(y));
  return years;
}

/** dd/MM/yyyy once day, month and a 4-digit year are all chosen; "" until then. */
export function assembleBirthDate(day: string, month: string, year: string): string {
  if (!day || !month || !/^\d{4}$/.test(year)) return "";
  return `${day}/${month}/${year}`;
}

/** The parts of a dd/MM/yyyy value ("" parts when it is not one). */
export function splitBirthDate(value: string): { day: string; month: string; year: string } {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return match ? { day: match[1] ?? "", month: match[2] ?? "", year: match[3] ?? "" } : { day: "", month: "", year: "" };
}
