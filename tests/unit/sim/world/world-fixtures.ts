import { generateWorld } from '../../../../lib/sim/world/generate-world';
import { worldNamed } from '../../../../lib/sim/world/worlds';
import type { WorldSpec } from '../../../../lib/sim/world/world-spec';
import type { Population } from '../../../../lib/sim/types';

/** The evaluation's "now": Friday 10 April 2026, 12:00 UTC (after the European and southern DST changes). */
export const NOW = Date.UTC(2026, 3, 10, 12);

const cache = new Map<string, Population>();

/** A world's population, generated once per test file (worlds are pure). */
export function world(spec: WorldSpec | string, devices: number, seed = 'unit'): Population {
  const w = typeof spec === 'string' ? worldNamed(spec) : spec;
  const key = `${JSON.stringify(w)}/${devices}/${seed}`;
  let found = cache.get(key);
  if (!found) {
    found = generateWorld(w, { seed, now: NOW, devices });
    cache.set(key, found);
  }
  return found;
}
