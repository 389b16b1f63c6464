import type { Column, Table } from "drizzle-orm";
import { getTableColumns } from "drizzle-orm";

/**
 * Some of a table's columns, keyed by their names, for `db.select(pick(users, "id", "email"))`: the row's fields are
 * the column names, as when the columns are written out one by one.
 */
export function pick<T extends Table, K extends keyof T["_"]["columns"] & string>(table: T, ...names: K[]): Pick<T["_"]["columns"], K> {
  const columns = getTableColumns(table) as Record<string, Column>;
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T["_"]["columns"], K>;
}
