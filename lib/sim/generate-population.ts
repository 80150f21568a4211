import { generateFraudCase } from './generate-fraud-case';
import { shuffle } from './shuffle';
import { generateHonestMover } from './generate-honest-mover';
import { generateHonestTraveller } from './generate-honest-traveller';
import { generateHonestUser, type HonestVariant } from './generate-honest-user';
import { generateNewDevice } from './generate-new-device';
import type { GenerationContext } from './generation-context';
import { createRandom, type Random } from './random';
import type { Realism } from './realism';
import {
  FRAUD_SCENARIOS,
  type FraudScenario,
  type HardHonestScenario,
  type HonestScenario,
  type Population,
  type SimulatedDevice,
} from './types';

export interface PopulationOptions {
  seed: string | number;
  /** The simulation's "now", epoch ms (the CLI passes the wall clock; tests a fixed instant). */
  now: number;
  /** Installations to generate. An account takeover adds its honest victim, so fraud-heavy mixes may exceed it. */
  devices: number;
  /** Share of installations that are fraudulent, 0–1. Default 0.3. */
  fraudShare?: number;
  /** Fraud scenarios, each given an equal share of the fraudulent installations. Default: all. */
  scenarios?: readonly FraudScenario[];
  /** Days of history before each signup; default 3–21 drawn per device. At most 89 (ingestion accepts 90). */
  days?: number | null;
  /** Share of declared addresses that carry coordinates. Default 1. */
  coordinatesShare?: number;
  /** `default` (the default) or `hard`: honest users and fraud that break the default's shortcuts (realism.ts). */
  realism?: Realism;
}

/** Mix of honest users; the rest are plain honest users. */
const HONEST_MIX: [HonestScenario, number][] = [
  ['honest_address_typos', 0.12],
  ['honest_sparse', 0.08],
  ['honest_no_permission', 0.05],
  ['honest_new_device', 0.05],
];

/** The hard population's honest mix: fewer plain users, travellers, movers and noisy phones among them. */
const HARD_HONEST_MIX: [HonestScenario | HardHonestScenario, number][] = [
  ['honest_address_typos', 0.1],
  ['honest_sparse', 0.12],
  ['honest_no_permission', 0.04],
  ['honest_new_device', 0.06],
  ['honest_traveller', 0.12],
  ['honest_moved', 0.1],
  ['honest_noisy_sensors', 0.1],
];

function pickHonest<S extends string>(random: Random, mix: readonly [S, number][]): S | 'honest' {
  let r = random.next();
  for (const [scenario, weight] of mix) {
    if (r < weight) return scenario;
    r -= weight;
  }
  return 'honest';
}

/** A labelled population: the same options always give the same devices, events and payments. */
export function generatePopulation(options: PopulationOptions): Population {
  const { now, devices } = options;
  const scenarios = options.scenarios ?? FRAUD_SCENARIOS;
  const days = options.days ?? null;
  if (days !== null && (days < 0 || days > 89)) throw new Error('days must be between 0 and 89');
  const root = createRandom(options.seed);
  const context = (label: string): GenerationContext => ({
    random: root.fork(label),
    now,
    days,
    coordinatesShare: options.coordinatesShare ?? 1,
    ...(options.realism === 'hard' ? { realism: 'hard' as const } : {}),
  });
  const fraudTarget = scenarios.length === 0 ? 0 : Math.round(devices * (options.fraudShare ?? 0.3));
  const out: SimulatedDevice[] = [];
  // Equal shares of fraudulent installations per scenario (a farm counts each of its installations).
  scenarios.forEach((scenario, s) => {
    const quota = Math.floor(fraudTarget / scenarios.length) + (s < fraudTarget % scenarios.length ? 1 : 0);
    let fraud = 0;
    for (let i = 0; fraud < quota; i++) {
      const generated = generateFraudCase(context(`fraud:${scenario}:${i}`), scenario, quota - fraud);
      out.push(...generated);
      fraud += generated.filter((d) => d.label === 'fraud').length;
    }
  });
  for (let i = 0; out.length < devices; i++) {
    const ctx = context(`honest:${i}`);
    const variant = pickHonest<HonestScenario | HardHonestScenario>(
      ctx.random,
      options.realism === 'hard' ? HARD_HONEST_MIX : HONEST_MIX,
    );
    if (variant === 'honest_traveller') out.push(generateHonestTraveller(ctx));
    else if (variant === 'honest_moved') out.push(generateHonestMover(ctx));
    else if (variant === 'honest_new_device' && out.length + 2 <= devices) {
      const owner = generateHonestUser(ctx, 'honest');
      out.push(owner, generateNewDevice(ctx, owner));
    } else {
      out.push(
        generateHonestUser(ctx, variant === 'honest_new_device' ? 'honest' : (variant as HonestVariant)),
      );
    }
  }
  return { seed: String(options.seed), now, devices: shuffle(root.fork('order'), out) };
}
