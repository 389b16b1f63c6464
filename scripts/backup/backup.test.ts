import { describe, expect, it } from "vitest";
import { pgEnv } from "./backup";

/** The connection reaches pg_dump / pg_restore as PG* variables, never as arguments (scripts/backup/backup.ts). */
describe("pgEnv", () => {
  it("reads a URL's parts and its libpq parameters", () => {
    expect(pgEnv("postgresql://app:s%40cret@db.internal:6432/manga?sslmode=verify-full&sslrootcert=/etc/ssl/ca.pem&application_name=backup")).toEqual({
      PGHOST: "db.internal",
      PGPORT: "6432",
      PGDATABASE: "manga",
      PGUSER: "app",
      PGPASSWORD: "s@cret",
      PGSSLMODE: "verify-full",
      PGSSLROOTCERT: "/etc/ssl/ca.pem",
      PGAPPNAME: "backup",
    });
    expect(pgEnv("postgres://postgres@localhost/manga?host=/run/postgresql")).toMatchObject({ PGHOST: "/run/postgresql", PGDATABASE: "manga" });
    expect(pgEnv("postgres://u@h/db?ssl=true").PGSSLMODE).toBe("require");
  });

  it("refuses what is not a postgres URL naming a database", () => {
    expect(() => pgEnv("mysql://u@h/db")).toThrow(/postgres/);
    expect(() => pgEnv("postgres://u@h/")).toThrow(/no database/);
  });
});
