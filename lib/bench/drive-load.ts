import autocannon from 'autocannon';

/** What one autocannon run measured (latencies in ms). */
export interface LoadFigures {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  ok: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  seconds: number;
}

export interface LoadSpec {
  url: string;
  path: string;
  headers: Record<string, string>;
  /** A fresh body for every request (random installation, near or far, …). */
  nextBody: () => string;
  connections: number;
  durationS: number;
}

/** Drives POST `path` with autocannon for `durationS` seconds and keeps the figures we report. */
export async function driveLoad(spec: LoadSpec): Promise<LoadFigures> {
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.durationS,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: spec.path,
        headers: { 'content-type': 'application/json', ...spec.headers },
        setupRequest: (request) => ({ ...request, body: spec.nextBody() }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    ok: result['2xx'],
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    seconds: result.duration,
  };
}
