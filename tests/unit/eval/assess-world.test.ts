import { describe, expect, it } from 'vitest';
import { assessPopulation } from '../../../lib/eval/assess-population';
import { generateWorld } from '../../../lib/sim/world/generate-world';
import { worldNamed } from '../../../lib/sim/world/worlds';

const NOW = Date.UTC(2026, 3, 10, 12);

describe('a world through the real use-cases', { timeout: 300_000 }, () => {
  it('is accepted whole (every timestamp style, late and repeated batches) and assessed at every signup and payment', async () => {
    const population = generateWorld(worldNamed('antimeridian'), { seed: 'assess', now: NOW, devices: 24 });
    const refused: string[] = [];
    const rows = await assessPopulation(population, { onRejected: (e) => refused.push(e) });
    expect(refused).toEqual([]);
    const expected = population.devices.reduce(
      (n, d) => n + (d.signupAt !== null ? 1 : 0) + d.payments.length,
      0,
    );
    expect(rows).toHaveLength(expected);
    expect(rows.every((r) => r.world === 'antimeridian' && r.app !== '' && r.phone !== '')).toBe(true);
    expect(rows.some((r) => r.daysOfData >= 3)).toBe(true);
    expect(rows.filter((r) => r.kind === 'signup' && r.label === 'honest').some((r) => r.atHome)).toBe(true);
  });
});
