/**
 * A pure function of a string, remembered for the keys seen lately: at most `max` entries (all forgotten at once when
 * full, so a flood of new keys only empties it) and none for keys longer than `maxKeyLength` (input an attacker picks
 * costs no memory beyond that).
 */
export function remembered<V>(compute: (key: string) => V, { max, maxKeyLength }: { max: number; maxKeyLength: number }): (key: string) => V {
  const seen = new Map<string, V>();
  return (key) => {
    if (seen.has(key)) return seen.get(key) as V;
    const value = compute(key);
    if (key.length > maxKeyLength) return value;
    if (seen.size >= max) seen.clear();
    seen.set(key, value);
    return value;
  };
}
