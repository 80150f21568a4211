import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../lib/sim/random';

describe('createRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: string) => Array.from({ length: 5 }, createRandom(seed).next);
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('forks by label without consuming the parent stream', () => {
    const a = createRandom('s');
    const b = createRandom('s');
    a.fork('x').next();
    expect(a.next()).toBe(b.next());
    expect(createRandom('s').fork('x').next()).toBe(createRandom('s').fork('x').next());
  });

  it('keeps int and float within their bounds', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (seed, min, span) => {
          const random = createRandom(seed);
          const n = random.int(min, min + span);
          const x = random.float(min, min + span + 1);
          return Number.isInteger(n) && n >= min && n <= min + span && x >= min && x < min + span + 1;
        },
      ),
    );
  });

  it('draws a roughly standard normal', () => {
    const random = createRandom('normal');
    const xs = Array.from({ length: 20_000 }, random.gaussian);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });
});
