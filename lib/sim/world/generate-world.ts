import { createRandom, type Random } from '../random';
import { shuffle } from '../shuffle';
import type { Population, SimulatedDevice, WorldFraudScenario } from '../types';
import { generateWorldFraudCase } from './fraud/world-fraud-case';
import { generateWorldHonestCase } from './honest/world-honest-case';
import type { WorldContext } from './world-context';
import type { HonestVariant, WorldSpec } from './world-spec';
import { worldGeodata } from './world-streets';

export interface WorldOptions {
  seed: string | number;
  /** The simulation's "now", epoch ms. */
  now: number;
  /** Installations to generate (a takeover's victim and a second device count; the total may exceed it by one). */
  devices: number;
  /** Called after each case with the installations generated so far. */
  onProgress?: (done: number, total: number) => void;
}

/** Installations per fraud scenario: the world's weights over `target`, by largest remainder. */
function quotas(world: WorldSpec, target: number): [WorldFraudScenario, number][] {
  const entries = Object.entries(world.fraud) as [WorldFraudScenario, number][];
  const total = entries.reduce((s, [, w]) => s + w, 0);
  const exact = entries.map(([s, w]) => [s, (target * w) / total] as const);
  const floors = exact.map(([s, x]) => [s, Math.floor(x)] as [WorldFraudScenario, number]);
  let left = target - floors.reduce((s, [, n]) => s + n, 0);
  const order = exact.map(([, x], i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) if (left-- > 0) floors[i]![1]++;
  return floors;
}

function honestVariant(random: Random, world: WorldSpec): HonestVariant | 'ordinary' {
  let r = random.next();
  for (const [variant, share] of Object.entries(world.honestVariants) as [HonestVariant, number][]) {
    if (r < share) return variant;
    r -= share;
  }
  return 'ordinary';
}

/**
 * A labelled population of one world: the same world, seed and options always give the same devices,
 * byte for byte. Each case draws from its own stream, so adding draws to one generator shifts no other.
 */
export function generateWorld(world: WorldSpec, o: WorldOptions): Population {
  const root = createRandom(`${world.name}/${o.seed}`);
  const buildings: WorldContext['buildings'] = [];
  const ctx = (label: string): WorldContext => ({ random: root.fork(label), world, now: o.now, buildings });
  const out: SimulatedDevice[] = [];
  const progress = () => o.onProgress?.(Math.min(out.length, o.devices), o.devices);
  for (const [scenario, quota] of quotas(world, Math.round(o.devices * world.fraudShare))) {
    let fraud = 0;
    for (let i = 0; fraud < quota; i++) {
      const generated = generateWorldFraudCase(ctx(`fraud:${scenario}:${i}`), scenario, quota - fraud);
      out.push(...generated);
      fraud += generated.filter((d) => d.label === 'fraud').length;
      progress();
    }
  }
  for (let i = 0; out.length < o.devices; i++) {
    const c = ctx(`honest:${i}`);
    out.push(...generateWorldHonestCase(c, honestVariant(c.random, world)));
    progress();
  }
  return {
    seed: `${world.name}/${o.seed}`,
    now: o.now,
    devices: shuffle(root.fork('order'), out),
    geodata: worldGeodata(buildings, world.streetIndex),
  };
}
