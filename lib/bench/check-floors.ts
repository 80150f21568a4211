import type { BenchRow } from './bench-row';

/** Issue 3's floors on SQLite: signup ≥ 1,000 req/s at p99 ≤ 50 ms, ingestion ≥ 20,000 events/s. */
export const FLOORS = { signupRps: 1_000, signupP99Ms: 50, ingestionEventsPerS: 20_000 } as const;

export interface FloorCheck {
  name: string;
  measured: number | null;
  met: boolean;
}

export function checkFloors(rows: readonly BenchRow[]): FloorCheck[] {
  const find = (endpoint: string) => rows.find((r) => r.engine === 'sqlite' && r.endpoint === endpoint);
  const signup = find('signup');
  const ingestion = find('ingestion');
  const clean = (row: BenchRow | undefined) => row !== undefined && row.errors === 0 && row.non2xx === 0;
  return [
    {
      name: `sqlite signup >= ${FLOORS.signupRps} req/s`,
      measured: signup?.rps ?? null,
      met: clean(signup) && signup!.rps >= FLOORS.signupRps,
    },
    {
      name: `sqlite signup p99 <= ${FLOORS.signupP99Ms} ms`,
      measured: signup?.p99 ?? null,
      met: clean(signup) && signup!.p99 <= FLOORS.signupP99Ms,
    },
    {
      name: `sqlite ingestion >= ${FLOORS.ingestionEventsPerS} events/s`,
      measured: ingestion?.events_per_s ?? null,
      met: clean(ingestion) && (ingestion!.events_per_s ?? 0) >= FLOORS.ingestionEventsPerS,
    },
  ];
}
