import { sql } from 'kysely';
import type { Engine } from '../../db/connect';
import { tableParts } from '../../db/retention/table-sizes';
import { createRuntime } from '../../runtime/create-runtime';
import { steadyDevice } from './steady-device';

const INSTALLATIONS = 100;
const PER_REQUEST = 1_000;

/** Bytes per stored event: in all, in the rows themselves, and in each index. */
export interface EventBytes {
  total: number;
  rows: number;
  indexes: Record<string, number>;
}

/**
 * Bytes a stored location event costs: `events` written through the ingestion use-case for 100
 * installations, then the location_events table with all its indexes (and partitions) divided by its rows.
 */
export async function bytesPerEvent(
  engine: Engine,
  databaseUrl: string,
  events: number,
): Promise<EventBytes> {
  const start = Date.now() - 20 * 86_400_000;
  const runtime = await createRuntime({ databaseUrl, env: {} });
  try {
    const tenant = await runtime.createTenant('bytes per event');
    const perDevice = Math.ceil(events / INSTALLATIONS);
    for (let i = 0; i < INSTALLATIONS; i++) {
      const all = steadyDevice(i, perDevice / 20).eventsBetween(start, start + 20 * 86_400_000);
      for (let j = 0; j < all.length; j += PER_REQUEST) {
        await runtime.deps.ingestSdkEvents(
          { tenantId: tenant.tenant_id },
          { installation_id: `bytes-${i}`, events: all.slice(j, j + PER_REQUEST) },
        );
      }
    }
    if (engine === 'postgres') await sql`vacuum analyze location_events`.execute(runtime.db);
    const stored = await runtime.db
      .selectFrom('location_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const parts = await tableParts(runtime.db, engine, 'location_events');
    const per = (bytes: number) => Math.round(bytes / Math.max(1, Number(stored.n)));
    const indexes = Object.fromEntries(
      Object.entries(parts.indexes).map(([name, bytes]) => [name, per(bytes)]),
    );
    const indexBytes = Object.values(parts.indexes).reduce((a, b) => a + b, 0);
    return { total: per(parts.rows + indexBytes), rows: per(parts.rows), indexes };
  } finally {
    await runtime.close();
  }
}
