import { Pool } from 'undici';
import { accessToken, createTenant, LOCUS_CLI, serveEnv } from '../bench-locus';
import { benchEvents, benchInstallation, ingestionBody, paymentBody, seededHistory } from '../bench-dataset';
import { startChildServer, type ChildServer } from '../child-server';
import { createRandom } from '../../sim/random';

/** One request's answer, as a client under overload sees it. */
export interface Outcome {
  status: number;
  ms: number;
  retryAfter: string | undefined;
}

/** `locus serve` with small in-flight limits and a client that pays from one seeded phone. */
export interface OverloadTarget {
  /** The tenant's in-flight share: as many concurrent clients as it serves at once. */
  share: number;
  /** The client's connections: enough to offer far more than the share at once. */
  connections: number;
  pay(): Promise<Outcome>;
  server: ChildServer;
  stop(): Promise<void>;
}

/**
 * Starts `locus serve` on `databaseUrl` with a per-tenant share of `share` (and twice that globally),
 * seeds one phone's history, warms the payment path up and opens every client connection, so that
 * what is measured next is the server's admission, not the client's connection set-up.
 */
export async function startOverloadTarget(
  databaseUrl: string,
  label: string,
  share = 4,
  connections = 96,
): Promise<OverloadTarget> {
  const env = {
    ...serveEnv(databaseUrl),
    LOCUS_MAX_IN_FLIGHT: String(share * 2),
    LOCUS_MAX_IN_FLIGHT_PER_TENANT: String(share),
  };
  const tenant = await createTenant(env);
  const server = await startChildServer([LOCUS_CLI, 'serve'], env, `overload ${label}`);
  const pool = new Pool(server.url, { connections, pipelining: 1 });
  const headers = {
    authorization: `Bearer ${await accessToken(server.url, tenant)}`,
    'content-type': 'application/json',
  };
  const phone = benchInstallation(0);
  const random = createRandom('overload');
  const ingest = await pool.request({
    method: 'POST',
    path: '/api/v2/sdk/events',
    headers: { 'x-app-key': tenant.app_key, 'content-type': 'application/json' },
    body: JSON.stringify(ingestionBody(phone, benchEvents(random, phone, 200, seededHistory(Date.now())))),
  });
  await ingest.body.dump();
  if (ingest.statusCode !== 202)
    throw new Error(`overload ${label}: ingestion answered ${ingest.statusCode}`);

  let sequence = 0;
  async function pay(): Promise<Outcome> {
    sequence += 1;
    const started = performance.now();
    const reply = await pool.request({
      method: 'POST',
      path: '/api/v2/authentication/transactions',
      headers,
      body: JSON.stringify(paymentBody(random, phone, sequence)),
    });
    await reply.body.dump();
    const retryAfter = reply.headers['retry-after'];
    return {
      status: reply.statusCode,
      ms: performance.now() - started,
      retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
    };
  }
  const target = {
    share,
    connections,
    pay,
    server,
    async stop() {
      await pool.close();
      await server.stop();
    },
  };
  await closedLoop(target, 100); // compiled code paths, caches, the account's first link
  // Opened during the overload, the client's connections would queue in the client, not the server.
  await Promise.all(Array.from({ length: connections }, () => pay()));
  return target;
}

/** `target.share` clients each sending one request after another: `total` requests in all. */
export async function closedLoop(target: Pick<OverloadTarget, 'share' | 'pay'>, total: number) {
  const outcomes: Outcome[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: target.share }, async () => {
      while (outcomes.length < total) outcomes.push(await target.pay());
    }),
  );
  return { outcomes, seconds: (performance.now() - started) / 1000 };
}

/**
 * Requests sent at `rate` per second for `seconds`, whatever the answers: an open loop. When this
 * process itself falls behind (a shared machine), it does not catch up in one burst (which would only
 * measure its own queue): what was actually offered is what is counted.
 */
export async function openLoop(
  target: Pick<OverloadTarget, 'pay'>,
  rate: number,
  seconds: number,
): Promise<Outcome[]> {
  const pending: Promise<Outcome>[] = [];
  const started = performance.now();
  const perTick = Math.max(1, Math.ceil(rate * 0.004));
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (let sent = 0; pending.length < due && sent < perTick; sent += 1) pending.push(target.pay());
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return Promise.all(pending);
}
