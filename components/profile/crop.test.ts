import { describe, expect, it } from "vitest";
import { clampCrop, cropKey, sourceSquare } from "./crop";

describe("profile picture crop", () => {
  it("shows the centre square of a landscape picture at zoom 1", () => {
    expect(sourceSquare({ zoom: 1, x: 0, y: 0 }, 400, 200, 200)).toEqual({ sx: 100, sy: 0, side: 200 });
  });

  it("keeps the picture covering the viewport", () => {
    expect(clampCrop({ zoom: 1, x: 500, y: 50 }, 400, 200, 200)).toEqual({ zoom: 1, x: 100, y: 0 });
    expect(sourceSquare({ zoom: 1, x: 500, y: 0 }, 400, 200, 200)).toEqual({ sx: 0, sy: 0, side: 200 });
    expect(clampCrop({ zoom: 9, x: 0, y: 0 }, 100, 100, 100).zoom).toBe(4);
    expect(clampCrop({ zoom: 0, x: 0, y: 0 }, 100, 100, 100).zoom).toBe(1);
  });

  it("zooms into a smaller square and moves with the keys", () => {
    const zoomed = sourceSquare({ zoom: 2, x: 0, y: 0 }, 200, 200, 100);
    expect(zoomed).toEqual({ sx: 50, sy: 50, side: 100 });
    const moved = cropKey({ zoom: 2, x: 0, y: 0 }, "ArrowRight", false)!;
    expect(moved.x).toBeGreaterThan(0);
    // Moving the picture right shows more of its left side.
    expect(sourceSquare(moved, 200, 200, 100).sx).toBeLessThan(50);
    expect(cropKey(moved, "Home", false)).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(cropKey(moved, "a", false)).toBeNull();
  });
});
