/** Inserts `value` into an ascending array of distinct numbers, keeping at most `cap` (the newest). */
export function addToSortedSet(values: number[], value: number, cap: number): number[] {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  if (values[lo] === value) return values;
  const next = [...values.slice(0, lo), value, ...values.slice(lo)];
  return next.length > cap ? next.slice(next.length - cap) : next;
}

/** Keeps the `cap` smallest values (duplicates included), ascending; insertion order does not matter. */
export function addToSmallest(values: number[], value: number, cap: number): number[] {
  if (values.length >= cap && value >= (values[values.length - 1] as number)) return values;
  return [...values, value].sort((a, b) => a - b).slice(0, cap);
}

export function unionSize(sets: readonly (readonly number[])[]): number {
  const all = new Set<number>();
  for (const s of sets) for (const v of s) all.add(v);
  return all.size;
}
