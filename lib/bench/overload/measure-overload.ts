import { summarizeLatencies } from '../latency-summary';
import { closedLoop, openLoop, type Outcome, type OverloadTarget } from './overload-target';

/** What one overload measurement saw: counts for the tests, latencies for the bench. */
export interface OverloadMeasure {
  capacity: number;
  offered: Outcome[];
  accepted: Outcome[];
  /** Refused at once with `Retry-After: 1` (429 over the tenant's share, 503 over the global limit). */
  refused: Outcome[];
  /** Neither served nor refused as above (a 5xx, a timeout): what graceful overload must not produce. */
  other: Outcome[];
  /** The requests of the closed loops right after each overloaded slice. */
  recoveries: Outcome[];
  unloadedP99: number;
  acceptedP99: number;
  acceptedP50: number;
  refusedP50: number;
  /** Accepted requests per second while offered twice the capacity. */
  goodput: number;
}

const ROUNDS = 3;
const SLICE_S = 1.5;

/**
 * Capacity first (as many concurrent clients as the tenant's share), then unloaded and overloaded slices
 * alternating, so that the neighbours' load on a shared machine falls on both alike; each unloaded slice
 * after an overloaded one is also the recovery check.
 */
export async function measureOverload(target: OverloadTarget): Promise<OverloadMeasure> {
  const measured = await closedLoop(target, 300);
  const capacity = measured.outcomes.length / measured.seconds;
  const unloaded: Outcome[] = [...measured.outcomes];
  const offered: Outcome[] = [];
  const recoveries: Outcome[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    offered.push(...(await openLoop(target, capacity * 2, SLICE_S)));
    const after = await closedLoop(target, 100);
    unloaded.push(...after.outcomes);
    recoveries.push(...after.outcomes);
  }
  const accepted = offered.filter((o) => o.status === 200);
  const refused = offered.filter((o) => (o.status === 429 || o.status === 503) && o.retryAfter === '1');
  const answered = new Set([...accepted, ...refused]);
  const ms = (outcomes: Outcome[]) => summarizeLatencies(outcomes.map((o) => o.ms));
  return {
    capacity,
    offered,
    accepted,
    refused,
    other: offered.filter((o) => !answered.has(o)),
    recoveries,
    unloadedP99: ms(unloaded).p99,
    acceptedP99: ms(accepted).p99,
    acceptedP50: ms(accepted).p50,
    refusedP50: ms(refused).p50,
    goodput: accepted.length / (ROUNDS * SLICE_S),
  };
}

/** One line for a person: what was offered, served, refused, and how fast. */
export function describeOverload(label: string, m: OverloadMeasure): string {
  const served = m.recoveries.filter((o) => o.status === 200).length;
  return (
    `overload ${label}: capacity ${m.capacity.toFixed(0)} req/s, unloaded p99 ${m.unloadedP99.toFixed(1)} ms; ` +
    `offered ${m.offered.length} (${(m.offered.length / (ROUNDS * SLICE_S) / m.capacity).toFixed(1)}x capacity) ` +
    `over ${ROUNDS * SLICE_S} s: accepted ${m.accepted.length} (${m.goodput.toFixed(0)} req/s, ` +
    `p99 ${m.acceptedP99.toFixed(1)} ms, ${(m.acceptedP99 / m.unloadedP99).toFixed(2)}x unloaded), ` +
    `refused ${m.refused.length} with Retry-After (p50 ${m.refusedP50.toFixed(1)} ms vs accepted ` +
    `${m.acceptedP50.toFixed(1)}), other ${m.other.length}; right after: ${served}/${m.recoveries.length} served`
  );
}
