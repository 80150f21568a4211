import type { Random } from '../random';

/** One key of `weights`, drawn in proportion to its weight (weights need not sum to 1). */
export function pickWeighted<K extends string>(random: Random, weights: Partial<Record<K, number>>): K {
  const entries = Object.entries(weights) as [K, number][];
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  if (entries.length === 0 || total <= 0) throw new Error('pick from empty weights');
  let r = random.next() * total;
  for (const [key, weight] of entries) {
    if (r < weight) return key;
    r -= weight;
  }
  return entries.at(-1)![0];
}
