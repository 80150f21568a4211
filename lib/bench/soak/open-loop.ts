import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

/** One kind of request sent at a fixed rate. */
export interface OpenLoopStream {
  name: string;
  perS: number;
  path: string;
  headers: Record<string, string>;
  nextBody: () => string;
}

/** One request's outcome; times in ms since the driver started. */
export interface OpenLoopResult {
  stream: string;
  scheduledMs: number;
  /** When the driver actually sent it: later than scheduled by the driver's own stalls, not the server's. */
  sentMs: number;
  finishedMs: number;
  status: number | null;
  /** A refused or failed request's first error message (the body's `errors[0]`), so refusals say which limit. */
  error?: string;
}

const TICK_MS = 2;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends every stream's requests at fixed instants (the i-th at start + i / rate) for `durationMs`, whether or
 * not earlier ones have been answered: a slow server meets more requests in flight, as it would in production,
 * instead of the lighter load a closed loop (each connection waiting for its answer) would hand it. A request's
 * latency runs from its scheduled instant, so time spent queued behind a late one counts.
 */
export async function driveOpenLoop(
  url: string,
  streams: readonly OpenLoopStream[],
  durationMs: number,
  onResult: (result: OpenLoopResult) => void,
): Promise<void> {
  const pool = new Pool(url, {
    connections: 1_024,
    pipelining: 1,
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  });
  const started = performance.now();
  const sent = streams.map(() => 0);
  const inFlight = new Set<Promise<void>>();
  const send = (stream: OpenLoopStream, scheduledMs: number) => {
    const sentMs = performance.now() - started;
    const done = pool
      .request({
        method: 'POST',
        path: stream.path,
        headers: { 'content-type': 'application/json', ...stream.headers },
        body: stream.nextBody(),
      })
      .then(async (reply) => {
        if (reply.statusCode < 400) {
          await reply.body.dump();
          return { status: reply.statusCode };
        }
        return { status: reply.statusCode, error: firstError(await reply.body.text()) };
      })
      .catch(() => ({ status: null }))
      .then(({ status, error }: { status: number | null; error?: string }) => {
        const finishedMs = performance.now() - started;
        onResult({
          stream: stream.name,
          scheduledMs,
          sentMs,
          finishedMs,
          status,
          ...(error ? { error } : {}),
        });
        inFlight.delete(done);
      });
    inFlight.add(done);
  };
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = Math.min(performance.now() - started, durationMs);
      streams.forEach((stream, s) => {
        const due = Math.floor((elapsed * stream.perS) / 1000);
        for (; sent[s]! < due; sent[s]!++) send(stream, (sent[s]! * 1000) / stream.perS);
      });
      if (elapsed >= durationMs) resolve();
      else setTimeout(tick, TICK_MS);
    };
    tick();
  });
  await Promise.all(inFlight);
  await pool.close();
}

function firstError(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown };
    return Array.isArray(parsed.errors) && typeof parsed.errors[0] === 'string'
      ? parsed.errors[0]
      : undefined;
  } catch {
    return undefined;
  }
}
