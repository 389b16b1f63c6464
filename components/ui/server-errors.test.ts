import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { showServerErrors } from "./server-errors";

describe("showServerErrors", () => {
  it("puts a 422's messages under the form's fields, focusing the first, and leaves no form message", () => {
    const setError = vi.fn();
    const error = new ApiError("HTTP", "Validation failed", { status: 422, data: { errors: { email: ["Email taken"], username: ["Too short", "Bad"], other: ["?"] } } });
    expect(showServerErrors(error, setError, ["email", "username"], "Try again")).toBeNull();
    expect(setError).toHaveBeenCalledWith("email", { type: "server", message: "Email taken" }, { shouldFocus: true });
    expect(setError).toHaveBeenCalledWith("username", { type: "server", message: "Too short" }, { shouldFocus: false });
    expect(setError).toHaveBeenCalledTimes(2);
  });

  it("returns the server's message when no error belongs to a field, the fallback for a network failure", () => {
    const setError = vi.fn();
    expect(showServerErrors(new ApiError("HTTP", "You are banned", { status: 403 }), setError, ["email"], "Try again")).toBe("You are banned");
    expect(showServerErrors(new ApiError("HTTP", "", { status: 500 }), setError, ["email"], "Try again")).toBe("Try again");
    expect(showServerErrors(new ApiError("FETCH_ERROR", "fetch failed"), setError, ["email"], "Try again")).toBe("Try again");
    expect(showServerErrors(new TypeError("x"), setError, ["email"], "Try again")).toBe("Try again");
    expect(setError).not.toHaveBeenCalled();
  });
});
