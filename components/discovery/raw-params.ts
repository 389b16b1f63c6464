/** URL search params as parseDiscoveryParams reads them: repeated names (genre, exclude) keep every value. */
export function rawSearchParams(searchParams: URLSearchParams | { keys(): Iterable<string>; getAll(name: string): string[] }): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const name of new Set(searchParams.keys())) {
    const values = searchParams.getAll(name);
    raw[name] = values.length === 1 ? values[0]! : values;
  }
  return raw;
}
