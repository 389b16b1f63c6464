import { describe, expect, it } from "vitest";
import { parseUserQuery, sortHref, userQueryHref } from "./user-query";

describe("user-management URL state", () => {
  it("reads defaults from an empty URL and leaves them out of links", () => {
    const q = parseUserQuery({});
    expect(q).toEqual({ q: "", sort: "created", dir: "desc", roles: [], page: 1 });
    expect(userQueryHref(q)).toBe("/dashboard/user-management");
  });

  it("round-trips search, sort, direction, roles and page", () => {
    const q = parseUserQuery({ q: "  layla ", sort: "balance", dir: "asc", roles: "4,1,1", page: "3" });
    expect(q).toEqual({ q: "layla", sort: "balance", dir: "asc", roles: [1, 4], page: 3 });
    expect(userQueryHref(q)).toBe("/dashboard/user-management?q=layla&sort=balance&dir=asc&roles=1%2C4&page=3");
    expect(parseUserQuery(new URLSearchParams(userQueryHref(q).split("?")[1]))).toEqual(q);
  });

  it("falls back on anything it does not understand", () => {
    expect(parseUserQuery({ sort: "password", dir: "sideways", roles: "7,x,", page: "-2" })).toEqual({ q: "", sort: "created", dir: "desc", roles: [], page: 1 });
    // A column without a direction starts in its own first direction; every role is the same as none.
    expect(parseUserQuery({ sort: "username", roles: "0,1,2,3,4" })).toMatchObject({ sort: "username", dir: "asc", roles: [] });
    expect(parseUserQuery({ q: "x".repeat(300) }).q).toHaveLength(100);
  });

  it("a heading click flips the current column and starts another in its first direction, on page 1", () => {
    const q = parseUserQuery({ sort: "username", dir: "asc", page: "4", q: "a" });
    expect(sortHref(q, "username")).toBe("/dashboard/user-management?q=a&sort=username&dir=desc");
    expect(sortHref(q, "lastLogin")).toBe("/dashboard/user-management?q=a&sort=lastLogin&dir=desc");
    expect(sortHref(parseUserQuery({}), "created")).toBe("/dashboard/user-management?sort=created&dir=asc");
  });
});
