import { round } from '../bench-row';
import { withBenchDatabase } from '../with-bench-database';
import { describeOverload, measureOverload } from './measure-overload';
import { startOverloadTarget } from './overload-target';

/** The overload part of `npm run bench`: one engine's figures, for the JSON line. */
export interface OverloadFigures {
  engine: 'sqlite' | 'postgres';
  capacity_rps: number;
  offered: number;
  accepted: number;
  refused: number;
  other: number;
  goodput_vs_capacity: number;
  unloaded_p99_ms: number;
  accepted_p99_ms: number;
  /** Accepted p99 under twice the capacity ÷ p99 unloaded: the latency the accepted work keeps. */
  accepted_p99_vs_unloaded: number;
  refused_p50_ms: number;
  accepted_p50_ms: number;
  recovered: number;
  line: string;
}

/**
 * Payments offered at twice the measured capacity of a small in-flight share: how much is served and
 * how fast, how soon the excess is refused, and whether the requests right after are served. The
 * integration test (overload.test.ts) asserts what a refusal is; the timing figures live here.
 */
export async function runOverloadBench(
  engines: readonly ('sqlite' | 'postgres')[],
  postgresUrl: string,
): Promise<OverloadFigures[]> {
  const figures: OverloadFigures[] = [];
  for (const engine of engines) {
    process.stderr.write(`bench: overload on ${engine}…\n`);
    figures.push(
      await withBenchDatabase(engine, postgresUrl, '_overload', async (url) => {
        const target = await startOverloadTarget(url, engine);
        try {
          const m = await measureOverload(target);
          return {
            engine,
            capacity_rps: round(m.capacity, 1),
            offered: m.offered.length,
            accepted: m.accepted.length,
            refused: m.refused.length,
            other: m.other.length,
            goodput_vs_capacity: round(m.goodput / m.capacity, 2),
            unloaded_p99_ms: round(m.unloadedP99, 1),
            accepted_p99_ms: round(m.acceptedP99, 1),
            accepted_p99_vs_unloaded: round(m.acceptedP99 / m.unloadedP99, 2),
            refused_p50_ms: round(m.refusedP50, 1),
            accepted_p50_ms: round(m.acceptedP50, 1),
            recovered: m.recoveries.filter((o) => o.status === 200).length / m.recoveries.length,
            line: describeOverload(engine, m),
          };
        } finally {
          await target.stop();
        }
      }),
    );
  }
  return figures;
}
