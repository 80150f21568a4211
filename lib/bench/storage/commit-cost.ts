import path from 'node:path';
import { summarizeLatencies, type LatencySummary } from '../latency-summary';
import { startInProcessLocus } from './in-process-locus';

export interface CommitCost {
  synchronous: 'normal' | 'full';
  commitsPerSecond: number;
  latency: LatencySummary;
}

/**
 * What LOCUS_SQLITE_SYNCHRONOUS=full costs: `commits` one-event ingestions, one after the other (each is
 * a commit), against a fresh SQLite database per setting in `dir`. FULL syncs the WAL on every commit.
 */
export async function commitCost(dir: string, commits: number): Promise<CommitCost[]> {
  const results: CommitCost[] = [];
  for (const synchronous of ['normal', 'full'] as const) {
    const locus = await startInProcessLocus(
      `sqlite:${path.join(dir, `commits-${synchronous}.db`)}`,
      { LOCUS_SQLITE_SYNCHRONOUS: synchronous },
      Date.now(),
      1,
    );
    try {
      const samples: number[] = [];
      const started = performance.now();
      for (let i = 0; i < commits; i++) {
        const reply = await locus.ingest({
          installation_id: `commit-${i % 50}`,
          events: [{ ts: locus.clock.now(), lat: 52.52, lng: 13.405, accuracy_m: 10, source: 'gps' }],
        });
        samples.push(reply.ms);
      }
      const seconds = (performance.now() - started) / 1000;
      results.push({
        synchronous,
        commitsPerSecond: Math.round(commits / seconds),
        latency: summarizeLatencies(samples),
      });
    } finally {
      await locus.stop();
    }
  }
  return results;
}
