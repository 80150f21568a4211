import type BetterSqlite3 from 'better-sqlite3';
import type { LocationEvent } from '../../domain/location';
import { batchSizes } from './compiled-statement';

/** The location_events columns an insert writes, in the order of each row's arguments. */
const COLUMNS = [
  'tenant_id',
  'installation_id',
  'ts',
  'lat',
  'lng',
  'accuracy_m',
  'source',
  'mock',
  'received_at',
] as const;
/**
 * Rows per INSERT, both paths: 1,000 events are ten statements, 57 five of 10 and seven of 1 (on
 * SQLite one statement of 50 rows cost more CPU than five of 10).
 */
export const EVENT_ROWS_PER_STATEMENT = [100, 10, 1] as const;

const statements = new WeakMap<BetterSqlite3.Database, Map<number, BetterSqlite3.Statement>>();

function insertOf(sqlite: BetterSqlite3.Database, rows: number): BetterSqlite3.Statement {
  let bySize = statements.get(sqlite);
  if (!bySize) statements.set(sqlite, (bySize = new Map()));
  let statement = bySize.get(rows);
  if (!statement) {
    const row = `(${COLUMNS.map(() => '?').join(', ')})`;
    statement = sqlite.prepare(
      `insert into location_events (${COLUMNS.join(', ')}) values ${Array(rows).fill(row).join(', ')}`,
    );
    bySize.set(rows, statement);
  }
  return statement;
}

/**
 * SQLite's event insert on the driver itself, inside the caller's open transaction: multi-row
 * statements prepared once per size, arguments in one flat array, no query builder or promise per
 * statement. The rows are what the query-builder path writes (installation-repo.ts).
 */
export function insertEventsOnDriver(
  sqlite: BetterSqlite3.Database,
  tenantId: string,
  installationId: string,
  events: readonly LocationEvent[],
  at: number,
): void {
  let offset = 0;
  for (const rows of batchSizes(events.length, EVENT_ROWS_PER_STATEMENT)) {
    const args: (string | number | null)[] = new Array(rows * COLUMNS.length);
    for (let i = 0, base = 0; i < rows; i++, base += COLUMNS.length) {
      const e = events[offset + i] as LocationEvent;
      args[base] = tenantId;
      args[base + 1] = installationId;
      args[base + 2] = e.ts;
      args[base + 3] = e.lat;
      args[base + 4] = e.lng;
      args[base + 5] = e.accuracyM;
      args[base + 6] = e.source;
      args[base + 7] = e.mock ? 1 : 0;
      args[base + 8] = at;
    }
    insertOf(sqlite, rows).run(args);
    offset += rows;
  }
}
