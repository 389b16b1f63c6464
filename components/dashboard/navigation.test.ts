import { describe, expect, it } from "vitest";
import { Role } from "@/lib/enums";
import ar from "@/messages/ar.json";
import en from "@/messages/en.json";
import { groupOf, headerTitleKeyFor, isActivePath, navigationFor, titleKeyFor, type NavEntry } from "./navigation";

/** The navigation as the spec lists it: links by key, a group as "group(child, child)". */
function shape(entries: readonly NavEntry[]): string[] {
  return entries.map((e) => (e.kind === "link" ? e.key : `${e.key}(${e.children.map((c) => c.key).join(", ")})`));
}

describe("dashboard navigation by role (spec §2)", () => {
  it("root", () => {
    expect(shape(navigationFor(Role.root))).toEqual([
      "overview", "mangaManagement", "contentManagement(createManga, mangaApproval, reports)", "userManagement", "siteSettings",
      "discovery", "notifications", "favorites", "premium", "monetization",
    ]);
  });
  it("writer", () => {
    expect(shape(navigationFor(Role.writer))).toEqual([
      "contentManagement(createManga, mangaApproval)", "mangaManagement", "discovery", "favorites", "premium", "monetization",
    ]);
  });
  it("reader, and staff, admin or no role fall back to it", () => {
    for (const role of [Role.reader, Role.staff, Role.admin, null, undefined, 99]) {
      expect(shape(navigationFor(role))).toEqual(["discovery", "favorites", "premium"]);
    }
  });
  it("links point at /dashboard pages", () => {
    const hrefs = navigationFor(Role.root).flatMap((e) => (e.kind === "link" ? [e.href] : e.children.map((c) => c.href)));
    expect(hrefs).toContain("/dashboard/create-manga");
    expect(hrefs).toContain("/dashboard/manga-approval");
    expect(hrefs.every((h) => h.startsWith("/dashboard/"))).toBe(true);
  });
});

describe("header title from the path", () => {
  it.each([
    ["/dashboard/profile-management", "profile"],
    ["/dashboard/profile/settings", "profileSettings"],
    ["/dashboard/profile/account", "profileAccount"],
    ["/dashboard/overview", "overview"],
    ["/dashboard/manga-approval/editor/4", "editManga"],
    ["/dashboard/manga-approval/4", "mangaApproval"],
    ["/dashboard/discovery/manga/12", "discovery"],
    ["/dashboard/create-manga", "createManga"],
    ["/dashboard/premium", "premium"],
    ["/dashboard", "dashboard"],
  ])("%s → %s", (path, key) => expect(titleKeyFor(path)).toBe(key));
});

describe("active state", () => {
  it("matches the page and its sub-pages only", () => {
    expect(isActivePath("/dashboard/discovery/manga/3", "/dashboard/discovery")).toBe(true);
    expect(isActivePath("/dashboard/discovery", "/dashboard/discovery")).toBe(true);
    expect(isActivePath("/dashboard/discoveryx", "/dashboard/discovery")).toBe(false);
  });
  it("counts the manga editor and its page managers as Manga management's, not Manga approval's", () => {
    for (const path of ["/dashboard/manga-approval/editor/2", "/dashboard/manga-approval/editor/2/chapters/11"]) {
      expect(isActivePath(path, "/dashboard/manga-management")).toBe(true);
      expect(isActivePath(path, "/dashboard/manga-approval")).toBe(false);
    }
    expect(isActivePath("/dashboard/manga-approval/7", "/dashboard/manga-approval")).toBe(true);
    expect(isActivePath("/dashboard/manga-approval/editorial", "/dashboard/manga-management")).toBe(false);
  });
  it("opens the group of the current page", () => {
    expect(groupOf(navigationFor(Role.writer), "/dashboard/manga-approval/7")).toBe("contentManagement");
    expect(groupOf(navigationFor(Role.writer), "/dashboard/discovery")).toBeNull();
  });
});

describe("the header title of a 403 page (issue 28, item 5)", () => {
  it.each([
    ["/dashboard/overview", Role.reader, "forbidden.title"],
    ["/dashboard/overview", Role.root, "titles.overview"],
    ["/dashboard/user-management", Role.writer, "forbidden.title"],
    ["/dashboard/manga-management", Role.reader, "forbidden.title"],
    ["/dashboard/manga-management", Role.writer, "titles.mangaManagement"],
    ["/dashboard/manga-approval/editor/12", Role.reader, "forbidden.title"],
    ["/dashboard/manga-approval/editor/12", Role.writer, "titles.editManga"],
    ["/dashboard/manga-approval/editor/12", Role.root, "titles.editManga"],
    // A submission's page answers other roles 404, not 403: its own title stays.
    ["/dashboard/manga-approval/12", Role.reader, "titles.mangaApproval"],
    ["/dashboard/reports", Role.admin, "forbidden.title"],
    ["/dashboard/discovery", Role.reader, "titles.discovery"],
  ] as const)("%s as role %i → %s", (path, role, key) => expect(headerTitleKeyFor(path, role)).toBe(key));

  it("is the 403 view's title in the page's language", () => {
    expect(en.dashboard.forbidden.title).toBe("Access denied");
    expect(ar.dashboard.forbidden.title).toMatch(/^[\u0600-\u06FF\s]+$/);
  });
});
