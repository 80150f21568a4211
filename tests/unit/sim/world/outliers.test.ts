import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../../../../lib/sim/geo';
import { clockAt } from '../../../../lib/sim/time-zone';
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

  it('puts cell fixes on towers within their claimed accuracy more often than not, the same few towers at home', () => {
    // Asleep at home: office workers and homebodies between 01:00 and 05:00 local time.
    const sleepers = devices().filter(
      (d) => ['honest_office', 'honest_homebody'].includes(d.scenario) && d.truth.home,
    );
    const cell = sleepers.flatMap((d) => {
      const clock = clockAt(d.truth.home!);
      const asleep = (ts: number) => clock.hour(ts) >= 1 && clock.hour(ts) < 5;
      return d.events
        .filter((e) => e.source === 'cell' && !e.outlier && e.accuracy_m !== 1414 && asleep(e.ts))
        .map((e) => ({ e, home: d.truth.home! }));
    });
    expect(cell.length).toBeGreaterThan(50);
    const within =
      cell.filter(({ e, home }) => haversineMeters(e, home) <= e.accuracy_m!).length / cell.length;
    expect(within).toBeGreaterThan(0.55);
    expect(cell.every(({ e }) => e.accuracy_m! >= 300 && e.accuracy_m! <= 1500)).toBe(true);
    // A phone at home keeps to a few towers: the commonest one carries a good part of its cell fixes.
    const byPhone = new Map<string, string[]>();
    for (const { e, home } of cell) {
      const key = `${home.lat},${home.lng}`;
      byPhone.set(key, [...(byPhone.get(key) ?? []), `${e.lat},${e.lng}`]);
    }
    const dominance = [...byPhone.values()]
      .filter((towers) => towers.length >= 5)
      .map((towers) => Math.max(...towers.map((t) => towers.filter((x) => x === t).length)) / towers.length)
      .sort((a, b) => a - b);
    expect(dominance.length).toBeGreaterThan(3);
    expect(dominance[Math.floor(dominance.length / 2)]).toBeGreaterThan(0.3);
  });
});
