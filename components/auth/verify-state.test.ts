import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { classifyVerifyFailure } from "./verify-state";

const http = (message: string, code?: string) => new ApiError("HTTP", message, { status: 400, data: code ? { code, message } : null });

describe("classifyVerifyFailure (spec §4)", () => {
  it("reads expiry and invalidity from the message", () => {
    expect(classifyVerifyFailure(http("This verification link has expired.")).outcome).toBe("expired");
    expect(classifyVerifyFailure(http("Token is invalid")).outcome).toBe("invalid");
    expect(classifyVerifyFailure(http("User not found")).outcome).toBe("invalid");
    expect(classifyVerifyFailure(http("Database on fire"))).toEqual({ outcome: "error", message: "Database on fire" });
  });

  it("prefers the server's code, so Arabic messages classify the same", () => {
    expect(classifyVerifyFailure(http("انتهت صلاحية رابط التأكيد.", "verifyTokenExpired")).outcome).toBe("expired");
    expect(classifyVerifyFailure(http("رابط غير صالح", "verifyTokenInvalid")).outcome).toBe("invalid");
  });

  it("defaults to 'Verification failed' without a server message", () => {
    expect(classifyVerifyFailure(new ApiError("FETCH_ERROR", "Network request failed"))).toEqual({ outcome: "error", message: "Verification failed" });
    expect(classifyVerifyFailure(new Error("boom"), "فشل التأكيد").message).toBe("فشل التأكيد");
  });
});
