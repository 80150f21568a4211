import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../../../../lib/sim/geo';
import { world } from './world-fixtures';

describe('wrong jumps at the real rate', { timeout: 300_000 }, () => {
  const devices = () => [...world('africa_cell', 160).devices, ...world('iberia_late', 160).devices];

  it('makes about 1 fix in 300 a wrong jump, and gives about a quarter of people at least one', () => {
    const phones = devices().filter((d) => d.events.length >= 30);
    const fixes = phones.flatMap((d) => d.events);
    const wrong = fixes.filter((e) => e.outlier).length / fixes.length;
    expect(wrong).toBeGreaterThan(1 / 600);
    expect(wrong).toBeLessThan(1 / 150);
    const people = phones.filter((d) => d.label === 'honest');
    const withOne = people.filter((d) => d.events.some((e) => e.outlier)).length / people.length;
    expect(withOne).toBeGreaterThan(0.15);
    expect(withOne).toBeLessThan(0.4);
  });

  it('puts wrong jumps kilometres away while claiming an ordinary accuracy', () => {
    const honest = devices().filter((d) => d.label === 'honest' && d.truth.home);
    const jumps = honest.flatMap((d) =>
      d.events.filter((e) => e.outlier).map((e) => ({ e, home: d.truth.home! })),
    );
    expect(jumps.length).toBeGreaterThan(20);
    const far = jumps.filter(({ e, home }) => haversineMeters(e, home) > 1_000);
    expect(far.length / jumps.length).toBeGreaterThan(0.8);
    expect(jumps.every(({ e }) => e.accuracy_m === null || e.accuracy_m <= 60)).toBe(true);
  });
});
