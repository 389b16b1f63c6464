import { describe, expect, it } from "vitest";
import { imageFormatQuery } from "./image-format";

describe("imageFormat (the one parser)", () => {
  it("asks for URLs with url in any case; anything else, or nothing, keeps base64", () => {
    expect(imageFormatQuery.parse({})).toEqual({ imageFormat: "base64" });
    expect(imageFormatQuery.parse({ imageFormat: "url" })).toEqual({ imageFormat: "url" });
    expect(imageFormatQuery.parse({ imageFormat: " URL " })).toEqual({ imageFormat: "url" });
    expect(imageFormatQuery.parse({ imageFormat: "base64" })).toEqual({ imageFormat: "base64" });
    expect(imageFormatQuery.parse({ imageFormat: "png" })).toEqual({ imageFormat: "base64" });
    expect(imageFormatQuery.parse({ imageFormat: ["url", "url"] })).toEqual({ imageFormat: "base64" });
  });
});
