import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { startTestApi, type TestApi } from '../test-api';

/**
 * Every column of every event row as ingestion writes it, on both engines: SQLite inserts on the
 * driver with the shared columns bound once per statement (sqlite-event-insert.ts), PostgreSQL
 * through the query builder (event-rows.ts). 123 events cut into statements of 100, 10 and 1 rows.
 */
const EVENTS = 123;

function wireEvent(i: number, now: number) {
  return {
    ts: now - (EVENTS - i) * 60_000,
    lat: -23.5 + i / 10_000,
    lng: -46.6 - i / 10_000,
    accuracy_m: i % 7 === 0 ? null : 5 + (i % 30),
    source: (['gps', 'wifi', 'cell'] as const)[i % 3],
    mock: i % 11 === 0,
  };
}

describe.each(TEST_ENGINES)('stored event rows on %s', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(engine);
  });
  afterAll(async () => t?.close());

  it('writes each event with its tenant, installation and arrival time, in every statement size', async () => {
    const now = t.clock.now();
    const events = Array.from({ length: EVENTS }, (_, i) => wireEvent(i, now));
    const other = await t.ingest('other-phone', { events: events.slice(0, 3) });
    expect(other.statusCode).toBe(202);
    t.clock.advance(1_000);
    const reply = await t.ingest('row-phone', { events });
    expect(reply.json().accepted).toBe(EVENTS);
    const rows = await t.runtime.db
      .selectFrom('location_events')
      .select(['tenant_id', 'ts', 'lat', 'lng', 'accuracy_m', 'source', 'mock', 'received_at'])
      .where('installation_id', '=', 'row-phone')
      .orderBy('ts')
      .execute();
    expect(rows.map((r) => ({ ...r, ts: Number(r.ts), received_at: Number(r.received_at) }))).toEqual(
      events.map((e) => ({
        tenant_id: t.tenant.tenant_id,
        ts: e.ts,
        lat: e.lat,
        lng: e.lng,
        accuracy_m: e.accuracy_m,
        source: e.source,
        mock: e.mock ? 1 : 0,
        received_at: now + 1_000,
      })),
    );
  });
});
