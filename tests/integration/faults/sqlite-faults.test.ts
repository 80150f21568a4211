import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { DEVICE, eventsAround, startTestApi, type TestApi } from '../test-api';

const HOME = { lat: 48.8584, lng: 2.2945 };

/**
 * The embedded database refusing writes: full (SQLITE_FULL; the file is capped at its current size
 * with `max_page_count`, which fails exactly as a full disk does) or locked by another process past
 * busy_timeout (SQLITE_BUSY). Both answer a clear 503 with Retry-After, change nothing, and the same
 * process writes again as soon as the database can.
 */
describe.runIf(TEST_ENGINES.includes('sqlite'))('SQLite faults', () => {
  let t: TestApi;
  let file: string;
  let signupId: string;
  beforeAll(async () => {
    t = await startTestApi('sqlite');
    file = t.database.url.slice('sqlite:'.length);
    expect(
      (await t.ingest('before', { device: DEVICE, events: eventsAround(HOME, 5, t.clock.now()) })).statusCode,
    ).toBe(202);
    const signup = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'before',
      address_coordinates: HOME,
    });
    signupId = signup.json<{ id: string }>().id;
  });
  afterAll(() => t.close());

  const storedEvents = async (installationId: string) =>
    Number(
      (
        await t.runtime.db
          .selectFrom('location_events')
          .select((c) => c.fn.countAll().as('n'))
          .where('installation_id', '=', installationId)
          .executeTakeFirst()
      )?.n,
    );
  const expect503 = (reply: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['retry-after']).toBe('2');
    expect(reply.json()).toEqual({ errors: ['the database is unavailable, retry shortly'] });
  };

  it('a full disk: 503 with Retry-After for writes, reads still answer, writes resume without a restart', async () => {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.runtime.db);
    await sql.raw(`pragma max_page_count = ${rows[0]?.page_count}`).execute(t.runtime.db);
    try {
      const events = eventsAround(HOME, 200, t.clock.now());
      expect503(await t.ingest('during-full', { device: DEVICE, events }));
      // Reads still answer: the signup stored before, readiness.
      expect((await t.request('GET', `/api/v2/onboarding/signups/${signupId}`)).statusCode).toBe(200);
      expect((await t.api.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect(await storedEvents('during-full')).toBe(0);
    } finally {
      await sql`pragma max_page_count = 1073741823`.execute(t.runtime.db);
    }
    expect(
      (await t.ingest('after-full', { device: DEVICE, events: eventsAround(HOME, 200, t.clock.now()) }))
        .statusCode,
    ).toBe(202);
    expect(await storedEvents('after-full')).toBe(200);
    const signup = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'after-full',
      address_coordinates: HOME,
    });
    expect(signup.statusCode).toBe(200);
  });

  it('another process holding the write lock briefly: a signup with a new address waits for it', async () => {
    expect(
      (await t.ingest('brief-lock', { device: DEVICE, events: eventsAround(HOME, 3, t.clock.now()) }))
        .statusCode,
    ).toBe(202);
    // Another connection, in a thread of its own, takes the write lock, writes, and commits 200 ms later.
    const other = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
      const db = new (require(workerData.driver))(workerData.file);
      db.exec('begin immediate');
      db.exec('create table if not exists brief_lock (n integer)');
      db.exec('insert into brief_lock values (1)');
      parentPort.postMessage('locked');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
      db.exec('commit');
      db.close();`,
      { eval: true, workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') } },
    );
    await once(other, 'message');
    const signup = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'brief-lock',
      address_coordinates: { lat: 45.764, lng: 4.8357 },
    });
    await once(other, 'exit');
    expect(signup.statusCode).toBe(200);
  });

  it('another process holding the write lock past busy_timeout: 503, then writes resume', async () => {
    const other = new BetterSqlite3(file);
    other.exec('begin immediate');
    try {
      expect503(
        await t.ingest('during-lock', { device: DEVICE, events: eventsAround(HOME, 3, t.clock.now()) }),
      );
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect(await storedEvents('during-lock')).toBe(0);
    expect(
      (await t.ingest('after-lock', { device: DEVICE, events: eventsAround(HOME, 3, t.clock.now()) }))
        .statusCode,
    ).toBe(202);
  });
});
