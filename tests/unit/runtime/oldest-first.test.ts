import { describe, expect, it } from 'vitest';
import { LruCache } from '../../../lib/geocode/lru-cache';
import { oldestFirst } from '../../../lib/runtime/oldest-first';

describe('oldestFirst', () => {
  it('gives the oldest live key of a Map as keys are deleted, moved to the end and added', () => {
    const map = new Map<string, number>([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const oldest = oldestFirst(map);
    expect(oldest()).toBe('a');
    map.delete('a');
    // 'b' used again: moved to the end, so 'c' is the oldest.
    map.delete('b');
    map.set('b', 2);
    map.set('d', 4);
    expect(oldest()).toBe('c');
    map.delete('c');
    expect(oldest()).toBe('b');
    map.delete('b');
    expect(oldest()).toBe('d');
  });

  it('follows a Set through its table being rebuilt, and starts again once it was emptied', () => {
    const set = new Set<number>();
    const oldest = oldestFirst(set);
    for (let i = 0; i < 1000; i++) set.add(i);
    // Deleting most entries makes V8 shrink (rebuild) the table under the iterator.
    for (let i = 0; i < 990; i++) {
      expect(oldest()).toBe(i);
      set.delete(i);
    }
    expect(oldest()).toBe(990);
    set.clear();
    expect(() => oldest()).toThrow();
    set.add(5000);
    expect(oldest()).toBe(5000);
  });
});

describe('LruCache', () => {
  it('evicts the least recently used key, reads counting as use, over many evictions', () => {
    const cache = new LruCache<number>(3);
    for (let i = 0; i < 3; i++) cache.set(`k${i}`, i);
    expect(cache.get('k0')).toBe(0); // k1 is now the least recently used
    cache.set('k3', 3);
    expect(cache.get('k1')).toBeUndefined();
    expect([cache.get('k2'), cache.get('k0'), cache.get('k3')]).toEqual([2, 0, 3]);
    // Many more: the cache keeps exactly the last three used.
    for (let i = 4; i < 5000; i++) {
      cache.set(`k${i}`, i);
      if (i % 7 === 0) cache.get(`k${i - 2}`);
    }
    expect(cache.size).toBe(3);
    // 4998 = 7 × 714: k4996 was read after k4998 was added, so k4997 went when k4999 came.
    expect(cache.get('k4997')).toBeUndefined();
    expect([cache.get('k4996'), cache.get('k4998'), cache.get('k4999')]).toEqual([4996, 4998, 4999]);
  });
});
