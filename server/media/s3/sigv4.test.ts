import { describe, expect, it } from "vitest";
import { EMPTY_SHA256, sha256Hex, signRequest } from "./sigv4";

/**
 * The worked examples of AWS's S3 documentation ("Signature Calculations for the Authorization Header: Transferring
 * Payload in a Single Chunk"), with its example credentials, bucket and time.
 */
const credentials = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" };
const scope = { region: "us-east-1", service: "s3", date: new Date("2013-05-24T00:00:00Z") };
const credential = "Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request";

describe("signRequest (AWS Signature Version 4)", () => {
  it("signs the documentation's GET Object example", () => {
    const headers = signRequest(
      { method: "GET", url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"), headers: { Range: "bytes=0-9" }, payloadHash: EMPTY_SHA256 },
      credentials,
      scope,
    );
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 ${credential},SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,` +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
    expect(headers["x-amz-content-sha256"]).toBe(EMPTY_SHA256);
    expect(headers.host).toBe("examplebucket.s3.amazonaws.com");
  });

  it("signs the documentation's PUT Object example (a key with a character to encode, a signed body)", () => {
    const body = "Welcome to Amazon S3.";
    expect(sha256Hex(body)).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const headers = signRequest(
      {
        method: "PUT",
        url: new URL("https://examplebucket.s3.amazonaws.com/test$file.text"),
        headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
        payloadHash: sha256Hex(body),
      },
      credentials,
      scope,
    );
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 ${credential},SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,` +
        "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });

  it("signs the documentation's GET Bucket (list objects) example, whose query is sorted", () => {
    const headers = signRequest(
      { method: "GET", url: new URL("https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2"), headers: {}, payloadHash: EMPTY_SHA256 },
      credentials,
      scope,
    );
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 ${credential},SignedHeaders=host;x-amz-content-sha256;x-amz-date,` +
        "Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
    );
  });

  it("adds the session token of temporary credentials to the signed headers", () => {
    const headers = signRequest(
      { method: "HEAD", url: new URL("http://127.0.0.1:9000/bucket/key"), headers: {}, payloadHash: EMPTY_SHA256 },
      { ...credentials, sessionToken: "token" },
      scope,
    );
    expect(headers["x-amz-security-token"]).toBe("token");
    expect(headers.host).toBe("127.0.0.1:9000");
    expect(headers.authorization).toContain("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,");
  });
});
