import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

/** How the receiver answers: a status, a redirect, or no answer at all (hang). */
export type ReceiverBehaviour = { kind: 'status'; status: number } | { kind: 'redirect' } | { kind: 'hang' };

/**
 * A real HTTP receiver on 127.0.0.1 that records every request and tracks, per event_id, how many
 * requests are in flight at once (to catch two concurrent attempts of one event).
 */
export async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  const inFlight = new Map<string, number>();
  let maxConcurrentPerEvent = 0;
  let behaviour: ReceiverBehaviour = { kind: 'status', status: 200 };
  let delayMs = 0;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const json = JSON.parse(body) as Record<string, unknown>;
      const id = String(json.event_id);
      const now = (inFlight.get(id) ?? 0) + 1;
      inFlight.set(id, now);
      maxConcurrentPerEvent = Math.max(maxConcurrentPerEvent, now);
      received.push({ headers: req.headers, body, json });
      const finish = () => {
        inFlight.set(id, (inFlight.get(id) ?? 1) - 1);
        if (behaviour.kind === 'hang') {
          hanging.add(res);
          return;
        }
        if (behaviour.kind === 'redirect') {
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
          return;
        }
        res.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end('ok');
      };
      if (delayMs > 0) setTimeout(finish, delayMs);
      else finish();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/locus`,
    received,
    get maxConcurrentPerEvent() {
      return maxConcurrentPerEvent;
    },
    behave(next: ReceiverBehaviour) {
      behaviour = next;
    },
    delay(ms: number) {
      delayMs = ms;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
