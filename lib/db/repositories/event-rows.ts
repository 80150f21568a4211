import type { LocationEvent } from '../../domain/location';
import { batchSizes } from './compiled-statement';

/** The location_events columns an insert writes, in the order of each row's arguments. */
export const EVENT_COLUMNS = [
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
 * Rows per INSERT: 1,000 events are ten statements, 57 five of 10 and seven of 1 (on SQLite one
 * statement of 50 rows cost more CPU than five of 10).
 */
export const ROWS_PER_STATEMENT = [100, 10, 1] as const;

export type EventArgument = string | number | null;

/** A batch's events as INSERT chunks: each its row count and its rows' arguments in one flat array. */
export function* eventRowChunks(
  tenantId: string,
  installationId: string,
  events: readonly LocationEvent[],
  at: number,
): Generator<{ rows: number; args: EventArgument[] }> {
  let offset = 0;
  for (const rows of batchSizes(events.length, ROWS_PER_STATEMENT)) {
    const args: EventArgument[] = new Array(rows * EVENT_COLUMNS.length);
    for (let i = 0, base = 0; i < rows; i++, base += EVENT_COLUMNS.length) {
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
    yield { rows, args };
    offset += rows;
  }
}
