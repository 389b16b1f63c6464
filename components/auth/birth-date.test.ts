import { describe, expect, it } from "vitest";
import { assembleBirthDate, birthYears, DAYS, MONTHS, splitBirthDate } from "./birth-date";

describe("date-of-birth picker", () => {
  it("offers days 01-31, months 01-12 and years from this year down to 1920", () => {
    expect(DAYS[0]).toBe("01");
    expect(DAYS.at(-1)).toBe("31");
    expect(DAYS).toHaveLength(31);
    expect(MONTHS).toEqual(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]);
    const years = birthYears(new Date("2031-06-01T00:00:00Z"));
    expect(years[0]).toBe("2031");
    expect(years.at(-1)).toBe("1920");
    expect(years).toHaveLength(2031 - 1920 + 1);
  });

  it("assembles the value only when day, month and a 4-digit year are set", () => {
    expect(assembleBirthDate("05", "11", "1999")).toBe("05/11/1999");
    expect(assembleBirthDate("", "11", "1999")).toBe("");
    expect(assembleBirthDate("05", "", "1999")).toBe("");
    expect(assembleBirthDate("05", "11", "")).toBe("");
    expect(assembleBirthDate("05", "11", "199")).toBe("");
  });

  it("splits a complete value back into its parts", () => {
    expect(splitBirthDate("05/11/1999")).toEqual({ day: "05", month: "11", year: "1999" });
    expect(splitBirthDate("")).toEqual({ day: "", month: "", year: "" });
  });
});
