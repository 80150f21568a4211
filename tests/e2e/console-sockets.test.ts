import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole } from '../../lib/console-api/start-console';
import {
  attack,
  attackInWaves,
  closedLate,
  slowestClose,
  untilClosed,
} from '../integration/faults/socket-attack';
import { freePort } from './support/free-port';

const LIMITS = {
  LOCUS_HTTP_HEADERS_TIMEOUT_MS: '2000',
  LOCUS_HTTP_REQUEST_TIMEOUT_MS: '4000',
  LOCUS_HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
  LOCUS_HTTP_MAX_CONNECTIONS_PER_SOURCE: '150',
};
const limits = { headersTimeoutMs: 2_000, requestTimeoutMs: 4_000, keepAliveTimeoutMs: 1_000 };
const SLACK_MS = 5_000;

/** The console's own server has the API's socket limits (`next start` has none). */
describe('console socket limits', () => {
  let consoleApp: Awaited<ReturnType<typeof startConsole>>;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    consoleApp = await startConsole({
      port,
      apiUrl: 'http://127.0.0.1:9',
      authSecret: randomBytes(32).toString('base64url'),
      rebuildIfStale: true,
      env: LIMITS,
      log: (line) => {
        if (line.startsWith('console build:')) console.log(line);
      },
    });
  });
  afterAll(() => consoleApp?.stop());

  it('closes idle, dripping and kept-alive connections within their timeouts; the sign-in page keeps answering', async () => {
    const target = { port, postPath: '/sign-in', getPath: '/sign-in' };
    const attacks = await attackInWaves(
      target,
      200,
      ['idle', 'header drip', 'body drip', 'kept alive'],
      ['127.0.0.2', '127.0.0.3'],
    );
    const page = await fetch(`${consoleApp.url}/sign-in`);
    expect(page.status).toBe(200);
    await untilClosed(attacks, 4 * limits.requestTimeoutMs);
    console.log(`console: slowest close per behaviour (ms): ${JSON.stringify(slowestClose(attacks))}`);
    expect(closedLate(attacks, limits, SLACK_MS).map((a) => a.behaviour)).toEqual([]);
  });

  it('caps the connections one address holds', async () => {
    const held = await Promise.all(
      Array.from({ length: 170 }, () => attack({ port, postPath: '/', getPath: '/' }, '127.0.0.9', 'idle')),
    );
    await new Promise((resolve) => setTimeout(resolve, limits.headersTimeoutMs / 2));
    expect(held.filter((a) => a.closedAt !== null)).toHaveLength(20);
    expect((await fetch(`${consoleApp.url}/sign-in`)).status).toBe(200);
  });
});
