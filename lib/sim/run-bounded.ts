/**
 * Runs `work` over `items` with at most `concurrency` in flight, in order of start; results keep the items' order.
 * A failing item rejects the whole run: `work` should turn expected failures into results.
 */
export async function runBounded<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
  onDone: (completed: number) => void = () => {},
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let completed = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
      onDone(++completed);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  return results;
}
