import { describe, expect, it } from "vitest";
import { Role } from "@/lib/enums";
import { ACCESS, AUDIENCES, decide, ROUTE_KEYS, type Audience } from "@/server/core/access-table";
import { defineRoute } from "./route";
import { jsonRequest, noParams, tokenFor } from "./test-helpers";

/**
 * Walks the access table route by route and audience by audience (DESIGN §8): each route, built with
 * defineRoute and a handler that always succeeds, must answer 200, 401 or 403 exactly as the table says.
 */
const callers: Array<{ audience: Audience; role: Role | null }> = [
  { audience: "visitor", role: null },
  { audience: "reader", role: Role.reader },
  { audience: "writer", role: Role.writer },
  { audience: "staff", role: Role.staff },
  { audience: "admin", role: Role.admin },
  { audience: "root", role: Role.root },
];

function expected(audiences: readonly Audience[], audience: Audience): number {
  if (audiences.includes("visitor") || audiences.includes(audience)) return 200;
  return audience === "visitor" ? 401 : 403;
}

describe("access table", () => {
  it("covers the spec's calls with well-formed keys", () => {
    // Spec §7's 50 calls (the socket included) plus the health check.
    expect(ROUTE_KEYS.length).toBeGreaterThanOrEqual(51);
    for (const key of [
      "POST /api/Authentication/Login", "GET /api/manga/PaginatedManga", "POST /api/chapter/RecordView",
      "GET /api/Notification/PaginatedNotification", "POST /api/SiteSettings/SaveLandingPageSettings",
      "GET /api/chapter/GetChapter/{chapterid}", "GET /api/Authentication/Me/Transactions",
    ]) expect(ROUTE_KEYS).toContain(key);
    for (const key of ROUTE_KEYS) {
      expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\/[A-Za-z]/);
      expect(ACCESS[key].length).toBeGreaterThan(0);
      for (const audience of ACCESS[key]) expect(AUDIENCES).toContain(audience);
    }
    expect(callers.map((c) => c.audience)).toEqual(AUDIENCES);
  });

  it.each(ROUTE_KEYS)("%s answers each audience as the table says", async (key) => {
    const route = defineRoute({ key, handler: () => ({ reached: true }) });
    for (const { audience, role } of callers) {
      const token = role === null ? undefined : await tokenFor(role, 42);
      const res = await route(jsonRequest(key, { token }), noParams);
      const want = expected(ACCESS[key], audience);
      expect({ audience, status: res.status }).toEqual({ audience, status: want });
      const body = await res.json();
      if (want === 200) expect(body).toEqual({ statusCode: 1, message: "Success", data: { reached: true } });
      else expect(body.statusCode).toBe(want);
    }
  });

  it("refuses everyone on a key that is not in the table", () => {
    for (const { role } of callers) expect(decide("GET /api/Nowhere", role)).toBe("forbidden");
  });

  it("cannot define a route whose key is not in the table", () => {
    const key = "GET /api/Nowhere" as (typeof ROUTE_KEYS)[number];
    expect(() => defineRoute({ key, handler: () => null })).toThrow(/not in the access table/);
  });

  it("keeps the administrative calls to root", () => {
    const rootOnly = [
      "POST /api/manga/StatusManga", "POST /api/chapter/StatusChapter", "POST /api/User/CreateUser",
      "DELETE /api/User/DeleteUser", "PUT /api/User/UpdateUser", "GET /api/User/PaginatedUser",
      "POST /api/SiteSettings/SaveLandingPageSettings", "POST /api/SiteSettings/SaveDiscoveryPage",
      "POST /api/Notification/SendGlobalNotification",
      "GET /api/Monetization/Months", "POST /api/Monetization/CloseMonth", "GET /api/Monetization/Payouts",
      "POST /api/Monetization/ResolvePayout", "POST /api/Monetization/Settings",
    ] as const;
    for (const key of rootOnly) expect(ACCESS[key]).toEqual(["root"]);
  });
});
