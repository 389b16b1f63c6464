import { MediaStoreUnavailableError } from "../errors";
import { EMPTY_SHA256, encodeRfc3986, signRequest, type Credentials } from "./sigv4";

/**
 * The few S3 calls the media store needs (PUT, GET, HEAD of one object), signed with SigV4 and sent with fetch: no SDK.
 * Works with AWS S3 and S3-compatible servers (MinIO, Ceph, R2, s3rver…), virtual-hosted or path-style.
 * A server that cannot be reached, times out, answers 5xx or refuses our credentials is MediaStoreUnavailableError
 * (a 503 to the visitor); a missing object is null.
 */

export interface S3Config {
  /** Origin of the S3 API, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  credentials: Credentials;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name (`bucket.endpoint/key`). */
  forcePathStyle: boolean;
  /** How long a call may wait for the server's response headers. */
  timeoutMs: number;
}

export interface S3Object {
  /** The object's bytes as they arrive. */
  body: ReadableStream<Uint8Array>;
  size: number | null;
}

export class S3Client {
  constructor(readonly config: S3Config) {}

  /** Stores the bytes under `key`; `sha256` is their hex SHA-256, signed so the server checks what it received. */
  async putObject(key: string, bytes: Uint8Array, opts: { contentType: string; sha256: string }): Promise<void> {
    const res = await this.send("PUT", key, { "content-type": opts.contentType }, opts.sha256, bytes);
    await res.body?.cancel();
    if (!res.ok) throw this.failure("PUT", key, res.status);
  }

  /** The object's bytes as a stream, or null when there is no such object. */
  async getObject(key: string): Promise<S3Object | null> {
    const res = await this.send("GET", key, {}, EMPTY_SHA256);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw this.failure("GET", key, res.status);
    }
    const length = res.headers.get("content-length");
    return { body: res.body, size: length === null ? null : Number(length) };
  }

  /** The object's whole bytes, or null when there is no such object. */
  async getObjectBytes(key: string): Promise<Buffer | null> {
    const object = await this.getObject(key);
    if (!object) return null;
    try {
      return Buffer.from(await new Response(object.body).arrayBuffer());
    } catch (err) {
      throw new MediaStoreUnavailableError(`reading ${key} from the bucket failed`, { cause: err });
    }
  }

  /** Removes the object (S3 answers 204 whether or not it existed). */
  async deleteObject(key: string): Promise<void> {
    const res = await this.send("DELETE", key, {}, EMPTY_SHA256);
    await res.body?.cancel();
    if (!res.ok && res.status !== 404) throw this.failure("DELETE", key, res.status);
  }

  /** Whether the object exists. */
  async headObject(key: string): Promise<boolean> {
    const res = await this.send("HEAD", key, {}, EMPTY_SHA256);
    await res.body?.cancel();
    if (res.status === 404) return false;
    if (!res.ok) throw this.failure("HEAD", key, res.status);
    return true;
  }

  objectUrl(key: string): URL {
    const endpoint = new URL(this.config.endpoint);
    const base = endpoint.pathname.replace(/\/+$/, "");
    const path = key.split("/").map(encodeRfc3986).join("/");
    if (this.config.forcePathStyle) return new URL(`${endpoint.origin}${base}/${encodeRfc3986(this.config.bucket)}/${path}`);
    return new URL(`${endpoint.protocol}//${this.config.bucket}.${endpoint.host}${base}/${path}`);
  }

  private async send(method: string, key: string, headers: Record<string, string>, payloadHash: string, body?: Uint8Array): Promise<Response> {
    const url = this.objectUrl(key);
    const signed = signRequest({ method, url, headers, payloadHash }, this.config.credentials, {
      region: this.config.region,
      service: "s3",
      date: new Date(),
    });
    // fetch sets Host itself (it may not be passed), and from the same URL, so the signed value is what is sent.
    delete signed.host;
    // The timeout covers the wait for the response headers only: a large object may take longer to stream.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer within ${this.config.timeoutMs} ms`)), this.config.timeoutMs);
    try {
      return await fetch(url, { method, headers: signed, body: body as BodyInit | undefined, signal: abort.signal, redirect: "error" });
    } catch (err) {
      throw new MediaStoreUnavailableError(`${method} ${url.host}: ${messageOf(err)}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  private failure(method: string, key: string, status: number): MediaStoreUnavailableError {
    return new MediaStoreUnavailableError(`${method} ${key} in bucket ${this.config.bucket}: HTTP ${status}`);
  }
}

function messageOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : "";
  return `${err.message}${cause}`;
}
