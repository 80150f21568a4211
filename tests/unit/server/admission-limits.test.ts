import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeConcurrencyLimits } from '../../../lib/server/admission/concurrency-limits';
import { makeTokenBuckets } from '../../../lib/server/admission/token-buckets';

describe('concurrency limits', () => {
  it('admit up to the per-tenant share, then the global limit, and give slots back exactly once', () => {
    const limits = makeConcurrencyLimits({ global: 3, perTenant: 2 });
    const a1 = limits.tryAcquire('a');
    const a2 = limits.tryAcquire('a');
    expect(limits.tryAcquire('a')).toEqual({ refused: 'tenant' });
    const b1 = limits.tryAcquire('b');
    expect(limits.tryAcquire('b')).toEqual({ refused: 'global' });
    expect(limits.inFlight()).toBe(3);
    if (!('release' in a1) || !('release' in a2) || !('release' in b1)) throw new Error('not admitted');
    a1.release();
    a1.release();
    expect(limits.inFlight()).toBe(2);
    expect('release' in limits.tryAcquire('b')).toBe(true);
  });

  it('never exceed either limit and return to zero, whatever the order of acquires and releases', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.boolean()), { maxLength: 200 }),
        (steps) => {
          const limits = makeConcurrencyLimits({ global: 4, perTenant: 3 });
          const held: { tenant: string; release: () => void }[] = [];
          for (const [tenant, acquire] of steps) {
            if (acquire) {
              const slot = limits.tryAcquire(tenant);
              if ('release' in slot) held.push({ tenant, release: slot.release });
            } else held.shift()?.release();
            expect(limits.inFlight()).toBeLessThanOrEqual(4);
            for (const t of ['a', 'b', 'c'])
              expect(held.filter((h) => h.tenant === t).length).toBeLessThanOrEqual(3);
            expect(limits.inFlight()).toBe(held.length);
          }
          for (const h of held) h.release();
          expect(limits.inFlight()).toBe(0);
        },
      ),
    );
  });
});

describe('token buckets', () => {
  it('allow the burst, then the sustained rate, and say when to retry', () => {
    let now = 0;
    const take = makeTokenBuckets({ capacity: 3, refillPerSecond: 0.5, maxKeys: 10 }, () => now);
    expect([take('k'), take('k'), take('k')].every((r) => r.ok)).toBe(true);
    expect(take('k')).toEqual({ ok: false, retryAfterMs: 2000 });
    expect(take('other').ok).toBe(true);
    now += 1000;
    expect(take('k')).toEqual({ ok: false, retryAfterMs: 1000 });
    now += 1000;
    expect(take('k').ok).toBe(true);
    expect(take('k').ok).toBe(false);
  });

  it('refill nothing when the clock steps back, and never above the burst', () => {
    let now = 10_000;
    const take = makeTokenBuckets({ capacity: 2, refillPerSecond: 1, maxKeys: 10 }, () => now);
    expect(take('k').ok).toBe(true);
    now -= 3_600_000;
    expect(take('k').ok).toBe(true);
    expect(take('k').ok).toBe(false);
    now += 86_400_000;
    expect([take('k').ok, take('k').ok, take('k').ok]).toEqual([true, true, false]);
  });

  it('forget the least recently used key beyond maxKeys (it starts again with a full bucket)', () => {
    const take = makeTokenBuckets({ capacity: 1, refillPerSecond: 0.001, maxKeys: 2 }, () => 0);
    expect(take('a').ok).toBe(true);
    expect(take('b').ok).toBe(true);
    expect(take('a').ok).toBe(false);
    expect(take('c').ok).toBe(true);
    // b was the least recently used: forgotten (full again); a, used since, is remembered and still empty.
    expect(take('a').ok).toBe(false);
    expect(take('b').ok).toBe(true);
  });

  it('admit at most burst + rate × time, for any request pattern', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 300 }), (gaps) => {
        let now = 0;
        const take = makeTokenBuckets({ capacity: 5, refillPerSecond: 2, maxKeys: 10 }, () => now);
        let admitted = 0;
        for (const gap of gaps) {
          now += gap;
          if (take('k').ok) admitted += 1;
        }
        expect(admitted).toBeLessThanOrEqual(5 + Math.floor((now / 1000) * 2));
      }),
    );
  });
});
