import { validate, version } from 'uuid';
import { describe, expect, it } from 'vitest';
import { newTimeOrderedId } from '../../../lib/runtime/time-ordered-ids';

describe('newTimeOrderedId', () => {
  it('makes valid v7 UUIDs, unique and increasing across refills of its random pool', () => {
    // More than two pools' worth (256 ids each), so refills are crossed.
    const ids = Array.from({ length: 1_000 }, () => newTimeOrderedId());
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
      expect('89ab').toContain(id[19]);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Time-ordered: each id sorts after the one before (within a millisecond, by its sequence).
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
  });

  it('draws fresh random bytes for each id', () => {
    const tails = new Set(Array.from({ length: 600 }, () => newTimeOrderedId().slice(-12)));
    expect(tails.size).toBe(600);
  });
});
