import { afterEach, describe, expect, it, vi } from "vitest";
import { COUNTER_REFRESH_MS } from "@/lib/constants";
import { InProcessBus } from "@/server/core/bus";
import { applyCatalogueChange, catalogueGeneration, followCatalogueChanges, mangaGeneration } from "./changed";

/**
 * A favourite moves only a counter: the preview is refreshed at once after a quiet spell, and at most once per
 * COUNTER_REFRESH_MS while the heart keeps being clicked (docs/decisions/019), so a busy manga does not re-render per
 * click on every process.
 */
describe("counter changes", () => {
  afterEach(() => vi.useRealTimers());

  it("refresh a quiet manga's pages at once, a busy one's once per window, and leave the catalogue alone", () => {
    vi.useFakeTimers();
    const id = 4_000_001;
    const catalogue = catalogueGeneration();
    const g0 = mangaGeneration(id);
    applyCatalogueChange({ counters: id });
    const g1 = mangaGeneration(id);
    expect(g1).not.toBe(g0);
    // More clicks within the window: no refresh yet, one at its end.
    applyCatalogueChange({ counters: id });
    applyCatalogueChange({ counters: [id] });
    expect(mangaGeneration(id)).toBe(g1);
    vi.advanceTimersByTime(COUNTER_REFRESH_MS - 1);
    expect(mangaGeneration(id)).toBe(g1);
    vi.advanceTimersByTime(1);
    const g2 = mangaGeneration(id);
    expect(g2).not.toBe(g1);
    vi.advanceTimersByTime(COUNTER_REFRESH_MS * 3);
    expect(mangaGeneration(id)).toBe(g2);
    // Quiet for a window: the next click shows at once again.
    applyCatalogueChange({ counters: id });
    expect(mangaGeneration(id)).not.toBe(g2);
    expect(catalogueGeneration()).toBe(catalogue);
    // A change of the manga itself is never held back.
    const g3 = mangaGeneration(id);
    applyCatalogueChange({ manga: id });
    expect(mangaGeneration(id)).not.toBe(g3);
  });

  it("reach other processes over the bus, and the publishing process applies its own once", async () => {
    const bus = new InProcessBus();
    const off = followCatalogueChanges(bus);
    try {
      const other = 4_000_002;
      const before = mangaGeneration(other);
      await bus.publish("manga_catalogue", JSON.stringify({ manga: [], counters: [other], catalogue: false, from: "another-process" }));
      await vi.waitFor(() => expect(mangaGeneration(other)).not.toBe(before));
      // Its own announcement (already applied when it committed) is not applied again: no refresh is left waiting.
      const mine = 4_000_003;
      const { origin } = (globalThis as Record<symbol, { origin: string }>)[Symbol.for("manga.catalogue.generations")]!;
      applyCatalogueChange({ counters: mine });
      const applied = mangaGeneration(mine);
      vi.useFakeTimers();
      await bus.publish("manga_catalogue", JSON.stringify({ manga: [], counters: [mine], catalogue: false, from: origin }));
      vi.runAllTimers();
      expect(mangaGeneration(mine)).toBe(applied);
    } finally {
      off();
    }
  });
});
