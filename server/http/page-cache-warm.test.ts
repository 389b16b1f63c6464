import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { applyCatalogueChange } from "@/server/manga/changed";
import { seedFixture, type Fixture } from "@/server/manga/test-fixtures";
import { pagesToWarm, REWARM_MAX_MANGA, rewarmOnChange } from "./page-cache-warm";
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

describe("the pages a change made stale (issue 30, item 4)", () => {
  afterEach(() => vi.useRealTimers());

  it("are rendered again once after a burst of changes: the manga's previews, and the catalogue's pages when it changed", async () => {
    vi.useFakeTimers();
    const rounds: string[][] = [];
    let finish: () => void = () => {};
    const stop = rewarmOnChange({ warm: (paths) => (rounds.push([...paths]), new Promise<number>((resolve) => (finish = () => resolve(paths.length)))) }, 1000);
    applyCatalogueChange({ manga: [7] });
    applyCatalogueChange({ manga: [7, 8] });
    applyCatalogueChange({ counters: [9] }); // a favourite alone: its page refreshes on its own window
    await vi.advanceTimersByTimeAsync(999);
    expect(rounds).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toEqual([["/discovery/manga/7", "/ar/discovery/manga/7", "/discovery/manga/8", "/ar/discovery/manga/8"]]);
    // A change while a round runs waits for it, then gets its own.
    applyCatalogueChange({ manga: [8], catalogue: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(rounds).toHaveLength(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds[1]).toEqual(["/", "/ar", "/discovery", "/ar/discovery", "/discovery/manga/8", "/ar/discovery/manga/8"]);
    finish();
    // A flood of changes renders at most REWARM_MAX_MANGA manga a round.
    applyCatalogueChange({ manga: Array.from({ length: 500 }, (_, i) => 1000 + i) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds[2]).toHaveLength(REWARM_MAX_MANGA * 2);
    finish();
    stop();
    applyCatalogueChange({ manga: [7] });
    await vi.advanceTimersByTimeAsync(5000);
    expect(rounds).toHaveLength(3);
  });
});
