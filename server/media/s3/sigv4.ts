import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for S3 requests signed in the Authorization header (docs.aws.amazon.com, "Signature
 * Calculations for the Authorization Header"), with node:crypto only. The request's headers are all signed (the
 * caller passes only the ones it sends: host, x-amz-*, range, content-type); the payload hash is the body's SHA-256
 * (for our puts, the media id itself) or that of an empty body.
 */

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** For temporary credentials (x-amz-security-token). */
  sessionToken?: string;
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** Header names in any case; `host` is added from the URL when absent. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or "UNSIGNED-PAYLOAD". */
  payloadHash: string;
}

export interface SigningScope {
  region: string;
  service: string;
  /** The request time; its seconds are what x-amz-date carries. */
  date: Date;
}

/** SHA-256 of an empty body, the payload hash of GET and HEAD. */
export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/** The request's headers to send: the given ones (lower-cased) with x-amz-date, x-amz-content-sha256 and Authorization. */
export function signRequest(request: RequestToSign, credentials: Credentials, scope: SigningScope): Record<string, string> {
  const amzDate = scope.date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  headers.host ??= request.url.host;
  headers["x-amz-date"] = amzDate;
  headers["x-amz-content-sha256"] = request.payloadHash;
  if (credentials.sessionToken) headers["x-amz-security-token"] = credentials.sessionToken;

  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(request.url.pathname),
    canonicalQuery(request.url.searchParams),
    names.map((name) => `${name}:${(headers[name] ?? "").trim().replace(/\s+/g, " ")}\n`).join(""),
    signedHeaders,
    request.payloadHash,
  ].join("\n");
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, credentialScope, sha256Hex(canonicalRequest)].join("\n");

  const kDate = hmac(`AWS4${credentials.secretAccessKey}`, day);
  const kRegion = hmac(kDate, scope.region);
  const kService = hmac(kRegion, scope.service);
  const kSigning = hmac(kService, "aws4_request");
  const signature = createHmac("sha256", kSigning).update(stringToSign, "utf8").digest("hex");

  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is percent-encoded. */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** S3 paths are encoded once (not twice as for other services): each segment, slashes kept. */
function canonicalPath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join("/") || "/";
}

function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}
