/**
 * Content negotiation shared by the custom server's direct routes and its page cache: a module of its own, so the
 * page cache (loaded at every start, development included) does not load the catalogue routes with it.
 */

/** Whether Accept-Encoding allows gzip (listed, or `*`, with a non-zero q). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const list = Array.isArray(header) ? header.join(",") : (header ?? "");
  let allowed = false;
  for (const part of list.split(",")) {
    const [coding = "", ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    // An explicit gzip entry wins over `*`.
    if (coding === "gzip") return accepted;
    allowed = accepted;
  }
  return allowed;
}
