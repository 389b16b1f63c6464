import { beforeAll, describe, expect, it } from "vitest";
import { seedFixture, type Fixture } from "@/server/manga/test-fixtures";
import { pagesToWarm } from "./page-cache-warm";
import { cacheableRequest } from "./page-cache";

let fx: Fixture;
beforeAll(async () => {
  fx = await seedFixture();
});

describe("the pages a process warms before it opens its port", () => {
  it("are the landing and discovery pages and the most popular and newest visible previews, in both languages", async () => {
    const paths = await pagesToWarm(fx.db, 2);
    // The most popular here are the most read ("Blue Ocean", then "المُغامَرةُ الكُبرى"); the newest accepted ones are the
    // two titles of July and August. Pending and rejected manga are never warmed.
    const ids = ["Blue Ocean", "المُغامَرةُ الكُبرى", "أسطورة إبراهيم", "مكتبة الأحلام"].map((title) => fx.ids[title]!);
    expect(paths.slice(0, 4)).toEqual(["/", "/ar", "/discovery", "/ar/discovery"]);
    expect(new Set(paths.slice(4))).toEqual(new Set(ids.flatMap((id) => [`/discovery/manga/${id}`, `/ar/discovery/manga/${id}`])));
    expect(paths).not.toContain(`/discovery/manga/${fx.ids["Pending Saga"]}`);
    // Every one of them is a page the cache keeps.
    for (const path of paths) expect(cacheableRequest(path), path).toBeDefined();
  });

  it("are none when warming is off", async () => {
    expect(await pagesToWarm(fx.db, 0)).toEqual([]);
  });
});
