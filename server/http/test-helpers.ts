import { SignJWT } from "jose";
import { Role } from "@/lib/enums";
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, signAccessToken } from "@/server/auth/access-token";

/** Helpers for the http tests: tokens of every kind and requests in the shape Next hands to routes. */
export async function tokenFor(role: Role, userId = 1): Promise<string> {
  return (await signAccessToken({ userId, role })).token;
}

export const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export async function badTokens(): Promise<Record<string, string>> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: "1", role: Role.root, iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, iat: now, exp: now + 600 };
  const signWith = (secret: string, payload: Record<string, unknown> = claims) =>
    new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(secret));
  const secret = process.env.AUTH_SECRET ?? "";
  return {
    garbage: "not-a-jwt",
    expired: (await signAccessToken({ userId: 1, role: Role.root }, new Date(Date.now() - 16 * 60 * 1000))).token,
    wrongSecret: await signWith("another-secret-another-secret-another-secret"),
    algNone: `${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims)}.`,
    wrongAudience: await signWith(secret, { ...claims, aud: "someone-else" }),
    wrongIssuer: await signWith(secret, { ...claims, iss: "someone-else" }),
    badRole: await signWith(secret, { ...claims, role: 9 }),
    tampered: (await tokenFor(Role.reader)).replace(/\.([^.]+)\./, (_m, p: string) => `.${b64url({ ...JSON.parse(Buffer.from(p, "base64url").toString()), role: Role.root })}.`),
  };
}

export function jsonRequest(
  key: string,
  options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string>; query?: string } = {},
): Request {
  const [method = "GET", path = "/"] = key.split(" ");
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const url = `http://localhost${path.replace(/\{(\w+)\}/g, "1")}${options.query ? `?${options.query}` : ""}`;
  return new Request(url, { method, headers, body });
}

export const noParams = { params: Promise.resolve({}) };
