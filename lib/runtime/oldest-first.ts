/**
 * The oldest key of a Map or Set, for evicting in insertion order without `keys().next()` from the
 * start each time. V8 leaves a deleted entry as a hole in the table until it is rebuilt, and a fresh
 * iterator walks every hole before the first live key: in a cache that evicts its oldest entry on each
 * insert, the holes pile up at the front and one eviction cost ≈ 7 µs at 10,000 entries
 * (docs/BENCHMARKS.md, "SQLite signup, ninth capacity session"). One iterator kept across evictions
 * walks each hole once: keys are only ever added at the end, so no live key is behind it, and V8 moves
 * a live iterator along when the table is rebuilt.
 *
 * The caller must delete every key it is given (a key it kept would be passed over next time) and ask
 * only while the collection holds a key.
 */
export function oldestFirst<K>(collection: { keys(): IterableIterator<K> }): () => K {
  let cursor = collection.keys();
  return () => {
    let next = cursor.next();
    // An iterator that reached the end stays there; only an emptied collection gets it there.
    if (next.done) {
      cursor = collection.keys();
      next = cursor.next();
    }
    if (next.done) throw new Error('oldestFirst: the collection is empty');
    return next.value;
  };
}
