import type http from "node:http";

/**
 * What the API's route core (./route.ts) reads of a request. A web Request is one; so is the direct path's view of
 * Node's own request (nodeApiRequest, ./direct-routes.ts), which builds no Headers object and copies no header: for a
 * catalogue read that conversion cost more CPU than the route's own checks (issue 30, item 1).
 */
export interface ApiRequest {
  readonly method: string;
  /** Absolute, as Next hands it to a route (`http://localhost:<port>/api/…?…`). */
  readonly url: string;
  readonly headers: HeaderReader;
  readonly body: ReadableStream<Uint8Array> | null;
}

export interface HeaderReader {
  get(name: string): string | null;
}

/** Node's parsed headers read as web Headers read them (names in any case; Node has already joined repeats). */
class NodeHeaders implements HeaderReader {
  constructor(private readonly headers: http.IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.headers[name.toLowerCase()];
    if (value === undefined) return null;
    // Only Set-Cookie stays a list in Node, and no client sends it; joined as Headers would.
    return Array.isArray(value) ? value.join(", ") : value;
  }
}

/** A bodiless request (GET, HEAD) as the route core reads it, with the `http://localhost:<port>` origin Next gives. */
export function nodeApiRequest(req: http.IncomingMessage): ApiRequest {
  return {
    method: req.method ?? "GET",
    url: `http://localhost:${req.socket.localPort ?? 80}${req.url ?? "/"}`,
    headers: new NodeHeaders(req.headers),
    body: null,
  };
}
