import { generatePopulation, type PopulationOptions } from '../../../lib/sim/generate-population';
import type { Population } from '../../../lib/sim/types';

/** A fixed "now" for every simulator test: Thursday 15 January 2026, 12:00 UTC. */
export const NOW = Date.UTC(2026, 0, 15, 12);

const cache = new Map<string, Population>();

/** Populations are pure: generate each one once per test file. */
export function population(options: Partial<PopulationOptions> = {}): Population {
  const key = JSON.stringify(options);
  let found = cache.get(key);
  if (!found) {
    found = generatePopulation({ seed: 'unit', now: NOW, devices: 400, ...options });
    cache.set(key, found);
  }
  return found;
}
