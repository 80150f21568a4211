import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveSmallestFirst } from '../../../lib/domain/fingerprint/smallest-first';

describe('moveSmallestFirst', () => {
  it('puts first the items a sort would put first, and keeps every item', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 })), fc.nat(), (values, pick) => {
        // Equal values are told apart by their first position: the total order the function needs.
        const items = values.map((value, order) => ({ value, order }));
        const byValue = (a: (typeof items)[number], b: (typeof items)[number]) =>
          a.value - b.value || a.order - b.order;
        const count = items.length === 0 ? 0 : pick % (items.length + 1);
        const sorted = [...items].sort(byValue);
        moveSmallestFirst(items, count, byValue);
        expect(new Set(items.slice(0, count))).toEqual(new Set(sorted.slice(0, count)));
        expect([...items].sort(byValue)).toEqual(sorted);
      }),
    );
  });
});
