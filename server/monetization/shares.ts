/**
 * How a closed month's pool is split (issue 16 §3), in integer minor units, never floating point:
 *
 * 1. The creators' pool is 60% of the month's net income, rounded down to the minor unit:
 *    pool = floor(income × 60 / 100). The fraction of a cent under it stays with the platform.
 * 2. Each writer first gets floor(pool × theirImpressions / allImpressions).
 * 3. The cents those floors leave (fewer than the number of writers) go one each to the writers with the largest
 *    remainders (pool × theirImpressions mod allImpressions); ties go to more impressions, then the lower user id.
 *
 * So the shares add up to exactly the pool, every writer is within one cent of their exact share, and the result does
 * not depend on the order the rows arrive in. BigInt throughout: pool × impressions exceeds 2^53 for large months.
 */
export { creatorPool } from "@/lib/money";

export interface Weight {
  userId: number;
  impressions: number;
}

export function splitPool(poolMinor: number, weights: readonly Weight[]): Map<number, number> {
  const result = new Map<number, number>();
  const total = weights.reduce((sum, w) => sum + BigInt(w.impressions), 0n);
  if (total === 0n) return result;
  const pool = BigInt(poolMinor);
  let handed = 0n;
  const rest: Array<{ userId: number; impressions: number; remainder: bigint }> = [];
  for (const w of weights) {
    const exact = pool * BigInt(w.impressions);
    const base = exact / total;
    handed += base;
    result.set(w.userId, Number(base));
    rest.push({ userId: w.userId, impressions: w.impressions, remainder: exact % total });
  }
  rest.sort((a, b) => (a.remainder === b.remainder ? b.impressions - a.impressions || a.userId - b.userId : a.remainder > b.remainder ? -1 : 1));
  for (let left = Number(pool - handed), i = 0; left > 0; left--, i++) {
    const w = rest[i]!;
    result.set(w.userId, result.get(w.userId)! + 1);
  }
  return result;
}
