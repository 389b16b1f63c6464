import { describe, expect, it } from "vitest";
import { loginThen } from "./login-then";
import { returnPathOf, safeReturnPath } from "./return-path";

describe("the return path after signing in", () => {
  it("follows a dashboard path of this site, with its query", () => {
    for (const path of ["/dashboard", "/dashboard/favorites", "/dashboard/discovery/manga/12", "/dashboard/user-management?page=2&q=ab%20c", "/dashboard/manga-approval/editor/3"]) {
      expect(safeReturnPath(path), path).toBe(path);
    }
  });

  it("follows a chapter in the reader, a public preview (issue 31) and the offline page (issue 32)", () => {
    for (const path of ["/manga-reader/12/345", "/manga-reader/1/2?page=3", "/discovery/manga/7", "/offline?save=3&manga=2"]) {
      expect(safeReturnPath(path), path).toBe(path);
    }
    for (const path of ["/manga-reader/12", "/manga-reader/12/345/6", "/manga-reader/a/b", "/manga-reader/1234567890/1", "/discovery/manga/7x", "/discovery", "/discovery/manga/7/../../auth", "/discovery/manga/7#x", "/offlinex", "/offline/x"]) {
      expect(safeReturnPath(path), path).toBeUndefined();
    }
  });

  it("follows a writer's page (issue 34), the name percent-encoded, and nothing below it", () => {
    for (const path of ["/writers/writer", "/writers/a.b_c-d", `/writers/${encodeURIComponent("كاتب")}`]) expect(safeReturnPath(path), path).toBe(path);
    for (const path of ["/writers/", "/writers", "/writers/a/b", "/writers/a b", "/writers/a#x", "/writers/%2F..%2Fauth", "/writersx/a"]) expect(safeReturnPath(path), path).toBeUndefined();
  });

  it("drops anything that could leave the site or the dashboard", () => {
    for (const path of [
      null, undefined, "", "//evil.example/dashboard", "https://evil.example/dashboard", "/\\evil.example", "/dashboard\\..\\x", "/dashboardx",
      "/auth", "/", "/dashboard/../auth", "/dashboard/x#frag", "/dashboard/<script>", ` /dashboard`, `/dashboard/${"a".repeat(600)}`, "javascript:alert(1)",
    ]) {
      expect(safeReturnPath(path), String(path)).toBeUndefined();
    }
  });

  it("reads a page's address without its language prefix", () => {
    expect(returnPathOf("/ar/dashboard/favorites")).toBe("/dashboard/favorites");
    expect(returnPathOf("/en/dashboard/notifications", "?page=2")).toBe("/dashboard/notifications?page=2");
    expect(returnPathOf("/dashboard/profile-management")).toBe("/dashboard/profile-management");
    expect(returnPathOf("/ar/discovery")).toBeUndefined();
    expect(returnPathOf("/arabic/dashboard")).toBeUndefined();
  });

  it("makes the login screen's address with the return path", () => {
    expect(loginThen("/manga-reader/1/2")).toEqual({ pathname: "/auth", query: { type: "login", next: "/manga-reader/1/2" } });
  });
});
