import { describe, expect, it } from "vitest";
import { InProcessBus } from "@/server/core/bus";
import { applyCatalogueChange, catalogueGeneration, followCatalogueChanges, mangaGeneration } from "./changed";

/**
 * After the bus listener was away (a database restart), a process cannot know which changes it missed: every cached
 * public read starts afresh (docs/decisions/019, Faults).
 */
describe("a bus resync", () => {
  it("moves every generation, the catalogue's and each manga's", () => {
    const bus = new InProcessBus();
    const off = followCatalogueChanges(bus);
    applyCatalogueChange({ manga: 7 });
    const before = { all: catalogueGeneration(), seven: mangaGeneration(7), other: mangaGeneration(8) };
    bus.resynced();
    expect(catalogueGeneration()).not.toBe(before.all);
    expect(mangaGeneration(7)).not.toBe(before.seven);
    expect(mangaGeneration(8)).not.toBe(before.other);
    off();
    const after = catalogueGeneration();
    bus.resynced();
    expect(catalogueGeneration()).toBe(after);
  });
});
