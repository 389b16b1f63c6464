import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { showServerErrors } from "./server-errors";

describe("showServerErrors", () => {
  it("puts a 422's messages under the form's fields (any case), focusing the first; others become the form's message", () => {
    const setError = vi.fn();
    const error = new ApiError("HTTP", "Validation failed", { status: 422, data: { errors: { Email: ["Email taken"], username: ["Too short", "Bad"] } } });
    expect(showServerErrors(error, setError, ["email", "username"], "Try again")).toBeNull();
    expect(setError).toHaveBeenCalledWith("email", { type: "server", message: "Email taken" }, { shouldFocus: true });
    expect(setError).toHaveBeenCalledWith("username", { type: "server", message: "Too short" }, { shouldFocus: false });
    expect(setError).toHaveBeenCalledTimes(2);
    const partly = new ApiError("HTTP", "Validation failed", { status: 422, data: { errors: { email: ["Email taken"], captcha: ["Try the puzzle again"] } } });
    expect(showServerErrors(partly, vi.fn(), ["email"], "Try again")).toBe("Try the puzzle again");
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
