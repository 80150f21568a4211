import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../../lib/runtime/create-runtime';
import type { CreatedTenant } from '../../../lib/usecases/create-tenant';
import { freshDatabase, type TestDatabase } from '../engines';
import { startServe, type ServeProcess } from './serve-process';

/** Short limits for the test (the defaults are 10 s, 30 s, 60 s, 5 s and 256; README "Sockets"). */
const LIMITS = {
  LOCUS_HTTP_HEADERS_TIMEOUT_MS: 2_000,
  LOCUS_HTTP_REQUEST_TIMEOUT_MS: 4_000,
  LOCUS_HTTP_IDLE_TIMEOUT_MS: 6_000,
  LOCUS_HTTP_KEEP_ALIVE_TIMEOUT_MS: 1_000,
  LOCUS_HTTP_MAX_CONNECTIONS_PER_SOURCE: 300,
};
/**
 * Node checks deadlines every quarter of the shorter one (500 ms here); accepting a thousand sockets
 * on a loaded machine adds its own delay.
 */
const SLACK_MS = 3_000;

type Behaviour = 'idle' | 'header drip' | 'body drip' | 'kept alive';

interface Attack {
  behaviour: Behaviour;
  /** When its deadline started: connected, or (kept alive) answered. */
  openedAt: number;
  closedAt: number | null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One hostile connection from `source` (a loopback address of its own, so that the per-source cap
 * counts it apart from the ordinary clients on 127.0.0.1).
 */
function attack(port: number, source: string, behaviour: Behaviour): Promise<Attack> {
  return new Promise((resolve, reject) => {
    const record: Attack = { behaviour, openedAt: 0, closedAt: null };
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: source });
    let drip: NodeJS.Timeout | null = null;
    socket.on('error', () => undefined);
    // Read what the server sends (a 408, then its FIN): a paused socket would never notice the close.
    socket.resume();
    socket.once('connect', () => {
      record.openedAt = Date.now();
      if (behaviour === 'header drip') {
        socket.write('POST /api/v2/sdk/events HTTP/1.1\r\nHost: x\r\n');
        drip = setInterval(() => socket.write('X-Drip: 1\r\n'), 500);
      } else if (behaviour === 'body drip') {
        socket.write(
          'POST /api/v2/sdk/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{',
        );
        drip = setInterval(() => socket.write(' '), 500);
      } else if (behaviour === 'kept alive') {
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
        socket.once('data', () => (record.openedAt = Date.now()));
      }
      resolve(record);
    });
    socket.once('close', () => {
      if (drip) clearInterval(drip);
      record.closedAt = Date.now();
    });
    socket.once('timeout', () => reject(new Error('could not connect')));
  });
}

/** The deadline each behaviour runs into. */
const deadline: Record<Behaviour, number> = {
  idle: LIMITS.LOCUS_HTTP_HEADERS_TIMEOUT_MS,
  'header drip': LIMITS.LOCUS_HTTP_HEADERS_TIMEOUT_MS,
  'body drip': LIMITS.LOCUS_HTTP_REQUEST_TIMEOUT_MS,
  // node:http closes an idle kept-alive socket a second after keepAliveTimeout (its race guard).
  'kept alive': LIMITS.LOCUS_HTTP_KEEP_ALIVE_TIMEOUT_MS + 1_000,
};

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
    const behaviours: Behaviour[] = ['idle', 'header drip', 'body drip', 'body drip', 'kept alive'];
    // In waves of 100: a thousand SYNs at once would overflow the listen backlog before the server accepts.
    const attacks: Attack[] = [];
    for (let wave = 0; wave < 10; wave++) {
      attacks.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, (_, j) => {
            const i = wave * 100 + j;
            return attack(port, `127.0.0.${2 + (i % 4)}`, behaviours[i % behaviours.length] ?? 'idle');
          }),
        )),
      );
      await pause(50);
    }
    const longest = Math.max(...Object.values(deadline));
    while (
      attacks.some((a) => a.closedAt === null) &&
      Date.now() - (attacks[0]?.openedAt ?? 0) < 4 * longest
    ) {
      await pause(100);
    }
    const statuses = await traffic.stop();

    const late = attacks.filter(
      (a) => a.closedAt === null || a.closedAt - a.openedAt > deadline[a.behaviour] + SLACK_MS,
    );
    const slowest = Object.fromEntries(
      behaviours.map((b) => [
        b,
        Math.max(
          ...attacks.filter((a) => a.behaviour === b).map((a) => (a.closedAt ?? Infinity) - a.openedAt),
        ),
      ]),
    );
    console.log(
      `slowest close per behaviour (ms): ${JSON.stringify(slowest)}; ordinary answers: ${statuses.length}`,
    );
    expect(late.map((a) => a.behaviour)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 202)).toEqual([]);
    // Nothing closed them early either: each lived at least most of its deadline.
    for (const a of attacks) expect(a.closedAt! - a.openedAt).toBeGreaterThan(deadline[a.behaviour] / 2);
  });

  it('caps the connections one address holds, without touching other addresses', async () => {
    const source = '127.0.0.9';
    const held = await Promise.all(
      Array.from({ length: LIMITS.LOCUS_HTTP_MAX_CONNECTIONS_PER_SOURCE + 20 }, () =>
        attack(port, source, 'idle'),
      ),
    );
    await pause(LIMITS.LOCUS_HTTP_HEADERS_TIMEOUT_MS / 2);
    // Only the connections over the cap are gone so early; the others wait for the headers timeout.
    expect(held.filter((a) => a.closedAt !== null)).toHaveLength(20);
    expect((await fetch(`${serve.url}/healthz`)).status).toBe(200);
  });
});
