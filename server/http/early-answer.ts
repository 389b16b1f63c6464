import type http from "node:http";

/** How long a refused request's connection may stay open after its answer before it is cut. */
export const EARLY_ANSWER_CLOSE_MS = 5_000;

/**
 * A request answered before its body was read to the end (an upload refused mid-body: too many parts, a 413 past the
 * byte cap, a 422 on an archive's directory; issue 27) leaves the rest of that body unread on its connection. Next's
 * body stream stops reading when a handler cancels it and Node does not read on, so on a keep-alive connection the
 * client's next request waited forever behind the unread bytes (measured: a second UpdateManga on the same connection
 * timed out after 60 s).
 *
 * Such an answer says `Connection: close`: the client sends its next request on a new connection, and Node ends this
 * one once the answer is written (an end, not a reset, so the answer is read first). A connection still open
 * EARLY_ANSWER_CLOSE_MS after the answer is cut. Requests without a body, and answers made after reading the whole
 * body, are untouched.
 */
export function closeAfterEarlyAnswer(req: http.IncomingMessage, res: http.ServerResponse, options: { closeMs?: number } = {}): void {
  if (!hasBody(req)) return;
  // Taken now: a request whose reader destroyed it, and a finished answer, no longer hold their socket.
  const socket = req.socket;
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !res.headersSent) res.setHeader("connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  res.once("finish", () => {
    if (req.complete || socket.destroyed) return;
    const timer = setTimeout(() => socket.destroy(), options.closeMs ?? EARLY_ANSWER_CLOSE_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  });
}

function hasBody(req: http.IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}
