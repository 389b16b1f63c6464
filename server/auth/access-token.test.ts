import { decodeProtectedHeader, decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { Role } from "@/lib/enums";
import { badTokens } from "@/server/http/test-helpers";
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, signAccessToken, verifyAccessToken } from "./access-token";

describe("access tokens", () => {
  it("signs HS256 tokens for 15 minutes that verify to the user and role", async () => {
    const now = new Date();
    const { token, expiresAt } = await signAccessToken({ userId: 5, role: Role.admin }, now);
    expect(decodeProtectedHeader(token).alg).toBe("HS256");
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: "5", role: Role.admin, iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE });
    expect(expiresAt.getTime() - Math.floor(now.getTime() / 1000) * 1000).toBe(15 * 60 * 1000);
    expect(await verifyAccessToken(token)).toEqual({ userId: 5, role: Role.admin });
  });

  it("rejects anything that is not a valid token of ours", async () => {
    for (const [kind, token] of Object.entries(await badTokens())) {
      expect({ kind, result: await verifyAccessToken(token) }).toEqual({ kind, result: null });
    }
    expect(await verifyAccessToken("")).toBeNull();
    expect(await verifyAccessToken("x".repeat(5000))).toBeNull();
  });
});
