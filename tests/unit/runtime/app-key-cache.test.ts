import { describe, expect, it } from 'vitest';
import { cacheAppKeys } from '../../../lib/runtime/app-key-cache';

describe('cacheAppKeys', () => {
  it('looks a key up once while fresh, and forgets the oldest keys first when full', async () => {
    const looked: string[] = [];
    const tenantOf = cacheAppKeys(
      async (key) => {
        looked.push(key);
        return `tenant-of-${key}`;
      },
      { now: () => 0 },
    );
    expect(await tenantOf('k0')).toBe('tenant-of-k0');
    expect(await tenantOf('k0')).toBe('tenant-of-k0');
    expect(looked).toEqual(['k0']);
    // 10,000 keys fill the cache; each one more pushes out the oldest, in order, across many evictions.
    for (let i = 1; i < 15_000; i++) await tenantOf(`k${i}`);
    looked.length = 0;
    await tenantOf('k14999');
    await tenantOf('k5000');
    expect(looked).toEqual([]);
    await tenantOf('k4999');
    await tenantOf('k0');
    expect(looked).toEqual(['k4999', 'k0']);
  });
});
