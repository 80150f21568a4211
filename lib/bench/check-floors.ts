import { totalCpu, type BenchRow } from './bench-row';

/**
 * Issue 11's targets. CPU per request (server + database processes, from /proc) holds on a shared machine;
 * events/s are the measured throughput and move with whatever else runs.
 */
export const FLOORS = {
  signupCpuUs: 500,
  signupVsMinimal: 0.5,
  paymentCpuUs: 600,
  ingestionEventsPerS: 100_000,
  sdkIngestionEventsPerS: 40_000,
  postgresSignupVsSqlite: 0.7,
} as const;

export interface FloorCheck {
  name: string;
  measured: number | null;
  met: boolean;
}

export function checkFloors(rows: readonly BenchRow[]): FloorCheck[] {
  const find = (engine: BenchRow['engine'], endpoint: string) => {
    const row = rows.find((r) => r.engine === engine && r.endpoint === endpoint);
    return row && row.errors === 0 && row.non2xx === 0 ? row : undefined;
  };
  const at = (value: number | null | undefined, met: (v: number) => boolean): Omit<FloorCheck, 'name'> =>
    value === null || value === undefined
      ? { measured: null, met: false }
      : { measured: value, met: met(value) };
  const checks: FloorCheck[] = [];
  for (const engine of ['sqlite', 'postgres'] as const) {
    const signup = find(engine, 'signup');
    if (!signup) continue;
    checks.push(
      {
        name: `${engine} signup <= ${FLOORS.signupCpuUs} µs CPU/request`,
        ...at(totalCpu(signup), (v) => v <= FLOORS.signupCpuUs),
      },
      {
        name: `${engine} signup >= ${FLOORS.signupVsMinimal}× the minimal equivalent (CPU)`,
        ...at(signup.vs_minimal, (v) => v >= FLOORS.signupVsMinimal),
      },
    );
    const payment = find(engine, 'payment');
    if (payment)
      checks.push({
        name: `${engine} payment <= ${FLOORS.paymentCpuUs} µs CPU/request`,
        ...at(totalCpu(payment), (v) => v <= FLOORS.paymentCpuUs),
      });
  }
  const ingestion = find('sqlite', 'ingestion');
  if (ingestion)
    checks.push({
      name: `sqlite ingestion (1,000-event batches) >= ${FLOORS.ingestionEventsPerS} events/s`,
      ...at(ingestion.events_per_s, (v) => v >= FLOORS.ingestionEventsPerS),
    });
  const sdk = find('sqlite', 'ingestion_50');
  if (sdk)
    checks.push({
      name: `sqlite ingestion (50-event batches) >= ${FLOORS.sdkIngestionEventsPerS} events/s`,
      ...at(sdk.events_per_s, (v) => v >= FLOORS.sdkIngestionEventsPerS),
    });
  const sqliteSignup = find('sqlite', 'signup');
  const postgresSignup = find('postgres', 'signup');
  if (sqliteSignup && postgresSignup) {
    const sqliteCpu = totalCpu(sqliteSignup);
    const postgresCpu = totalCpu(postgresSignup);
    checks.push({
      name: `postgres signup >= ${FLOORS.postgresSignupVsSqlite}× sqlite (CPU per request, Node + backends)`,
      ...at(
        sqliteCpu !== null && postgresCpu ? Math.round((sqliteCpu / postgresCpu) * 100) / 100 : null,
        (v) => v >= FLOORS.postgresSignupVsSqlite,
      ),
    });
  }
  return checks;
}
