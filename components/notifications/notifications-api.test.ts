import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { fetchErrorOf } from "./notifications-api";

describe("fetchErrorOf (spec §8 texts of a failed list call)", () => {
  it("a non-OK answer is the HTTP text with its status, whether or not its body was JSON", () => {
    expect(fetchErrorOf(new ApiError("HTTP", "HTTP error! status: 503", { status: 503 }))).toEqual({ key: "http", code: 503 });
    expect(fetchErrorOf(new ApiError("PARSING_ERROR", "The server's answer could not be read", { status: 500 }))).toEqual({ key: "http", code: 500 });
  });
  it("an envelope that says no is the server's message, else the fetch text", () => {
    expect(fetchErrorOf(new ApiError("HTTP", "Server said no", { status: 0 }))).toEqual({ key: "server", message: "Server said no" });
    expect(fetchErrorOf(new ApiError("HTTP", "", { status: 0 }))).toEqual({ key: "fetch" });
  });
  it("anything else is the unexpected text", () => {
    expect(fetchErrorOf(new ApiError("FETCH_ERROR", "Failed to fetch"))).toEqual({ key: "unexpected" });
    expect(fetchErrorOf(new ApiError("PARSING_ERROR", "not an envelope", { status: 200 }))).toEqual({ key: "unexpected" });
    expect(fetchErrorOf(new Error("boom"))).toEqual({ key: "unexpected" });
  });
});
