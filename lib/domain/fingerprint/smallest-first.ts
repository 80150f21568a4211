/**
 * Rearranges `items` so that its first `count` are the `count` smallest by `compare`, in no particular
 * order (quickselect: about three comparisons an item where a sort makes log2(n)). `compare` must be a
 * total order, so that which items are the smallest does not depend on where they started.
 */
export function moveSmallestFirst<T>(items: T[], count: number, compare: (a: T, b: T) => number): void {
  const at = (i: number) => items[i] as T;
  const k = count - 1;
  let lo = 0;
  let hi = items.length - 1;
  while (lo < hi && k >= lo && k <= hi) {
    const pivot = at((lo + hi) >>> 1);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (compare(at(i), pivot) < 0) i++;
      while (compare(at(j), pivot) > 0) j--;
      if (i <= j) {
        const swapped = at(i);
        items[i] = at(j);
        items[j] = swapped;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}
