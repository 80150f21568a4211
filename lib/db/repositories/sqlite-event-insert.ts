import type BetterSqlite3 from 'better-sqlite3';
import type { LocationEvent } from '../../domain/location';
import { EVENT_COLUMNS, eventRowChunks } from './event-rows';

const statements = new WeakMap<BetterSqlite3.Database, Map<number, BetterSqlite3.Statement>>();

function insertOf(sqlite: BetterSqlite3.Database, rows: number): BetterSqlite3.Statement {
  let bySize = statements.get(sqlite);
  if (!bySize) statements.set(sqlite, (bySize = new Map()));
  let statement = bySize.get(rows);
  if (!statement) {
    const row = `(${EVENT_COLUMNS.map(() => '?').join(', ')})`;
    statement = sqlite.prepare(
      `insert into location_events (${EVENT_COLUMNS.join(', ')}) values ${Array(rows).fill(row).join(', ')}`,
    );
    bySize.set(rows, statement);
  }
  return statement;
}

/**
 * SQLite's event insert on the driver itself, inside the caller's open transaction: multi-row
 * statements prepared once per size, no query builder or promise per statement. The rows are what
 * the query-builder path writes (installation-repo.ts).
 */
export function insertEventsOnDriver(
  sqlite: BetterSqlite3.Database,
  tenantId: string,
  installationId: string,
  events: readonly LocationEvent[],
  at: number,
): void {
  for (const { rows, args } of eventRowChunks(tenantId, installationId, events, at))
    insertOf(sqlite, rows).run(args);
}
