/**
 * The value `memory` holds for `key`, computed and kept on first use. Memories of values met again and again
 * in long lists (a log's pods, a price list's amounts) are bounded this way: one that reaches `limit` entries
 * starts over, since each value is cheap to compute again and a list of ever new keys must not grow it
 * without end.
 */
export function remembered<K, V>(memory: Map<K, V>, key: K, limit: number, compute: (key: K) => V): V {
  const known = memory.get(key);
  if (known !== undefined || memory.has(key)) return known as V;
  const value = compute(key);
  if (memory.size >= limit) memory.clear();
  memory.set(key, value);
  return value;
}
