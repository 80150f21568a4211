import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../../lib/runtime/create-runtime';
import type { CreatedTenant } from '../../../lib/usecases/create-tenant';
import { freshDatabase, type TestDatabase } from '../engines';
import { startServe, type ServeProcess } from './serve-process';
import { attack, attackInWaves, closedLate, deadlines, slowestClose, untilClosed } from './socket-attack';

/** Short limits for the test (the defaults are 10 s, 30 s, 60 s, 5 s and 256; README "Sockets"). */
const LIMITS = {
  LOCUS_HTTP_HEADERS_TIMEOUT_MS: 2_000,
  LOCUS_HTTP_REQUEST_TIMEOUT_MS: 4_000,
  LOCUS_HTTP_IDLE_TIMEOUT_MS: 6_000,
  LOCUS_HTTP_KEEP_ALIVE_TIMEOUT_MS: 1_000,
  LOCUS_HTTP_MAX_CONNECTIONS_PER_SOURCE: 300,
};
/**
 * Node checks deadlines every quarter of the shorter one (500 ms here); a busy process accepts a
 * thousand sockets late, and the deadline starts only then (measured here from the client's connect).
 * Without the limits none of them would ever close.
 */
const SLACK_MS = 5_000;

const limits = {
  headersTimeoutMs: LIMITS.LOCUS_HTTP_HEADERS_TIMEOUT_MS,
  requestTimeoutMs: LIMITS.LOCUS_HTTP_REQUEST_TIMEOUT_MS,
  keepAliveTimeoutMs: LIMITS.LOCUS_HTTP_KEEP_ALIVE_TIMEOUT_MS,
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('socket limits of locus serve', () => {
  let database: TestDatabase;
  let tenant: CreatedTenant;
  let serve: ServeProcess;
  let port: number;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    const runtime = await createRuntime({ databaseUrl: database.url });
    tenant = await runtime.createTenant('socket tenant');
    await runtime.close();
    serve = await startServe({
      DATABASE_URL: database.url,
      ...Object.fromEntries(Object.entries(LIMITS).map(([k, v]) => [k, String(v)])),
    });
    port = Number(new URL(serve.url).port);
  });
  afterAll(async () => {
    await serve?.stop();
    await database?.drop();
  });

  /** Ordinary clients on 127.0.0.1: health checks and SDK batches, one after another, until stopped. */
  function ordinaryTraffic() {
    const statuses: number[] = [];
    let running = true;
    const loop = (async () => {
      for (let i = 0; running; i++) {
        const health = await fetch(`${serve.url}/healthz`);
        statuses.push(health.status);
        const ingest = await fetch(`${serve.url}/api/v2/sdk/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-app-key': tenant.app_key },
          body: JSON.stringify({
            installation_id: `ordinary-${i}`,
            device: { model: 'Pixel 8', os: 'android' },
          }),
        });
        statuses.push(ingest.status);
      }
    })();
    return {
      stop: async () => {
        running = false;
        await loop;
        return statuses;
      },
    };
  }

  it('closes 1,000 idle, dripping and kept-alive connections within their timeouts while ordinary requests succeed', async () => {
    const traffic = ordinaryTraffic();
    const target = { port, postPath: '/api/v2/sdk/events', getPath: '/healthz' };
    const attacks = await attackInWaves(
      target,
      1_000,
      ['idle', 'header drip', 'body drip', 'body drip', 'kept alive'],
      ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'],
    );
    await untilClosed(attacks, 4 * limits.requestTimeoutMs);
    const statuses = await traffic.stop();

    console.log(
      `slowest close per behaviour (ms): ${JSON.stringify(slowestClose(attacks))}; ordinary answers: ${statuses.length}`,
    );
    expect(closedLate(attacks, limits, SLACK_MS).map((a) => a.behaviour)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 202)).toEqual([]);
    // Nothing closed them early either: each lived at least half its deadline.
    const deadline = deadlines(limits);
    for (const a of attacks)
      expect((a.closedAt ?? 0) - a.openedAt).toBeGreaterThan(deadline[a.behaviour] / 2);
  });

  it('caps the connections one address holds, without touching other addresses', async () => {
    const source = '127.0.0.9';
    const held = await Promise.all(
      Array.from({ length: LIMITS.LOCUS_HTTP_MAX_CONNECTIONS_PER_SOURCE + 20 }, () =>
        attack({ port, postPath: '/', getPath: '/' }, source, 'idle'),
      ),
    );
    await pause(LIMITS.LOCUS_HTTP_HEADERS_TIMEOUT_MS / 2);
    // Only the connections over the cap are gone so early; the others wait for the headers timeout.
    expect(held.filter((a) => a.closedAt !== null)).toHaveLength(20);
    expect((await fetch(`${serve.url}/healthz`)).status).toBe(200);
  });
});
