import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { progressReporter } from '../sim/progress-reporter';
import { createRandom } from '../sim/random';
import { runBounded } from '../sim/run-bounded';
import { benchEvents, benchInstallation, ingestionBody, seededHistory } from './bench-dataset';
import { summarizeLatencies, type LatencySummary } from './latency-summary';

export interface SeedFigures extends LatencySummary {
  requests: number;
  events: number;
  seconds: number;
  rps: number;
  eventsPerS: number;
  errors: number;
  non2xx: number;
}

/**
 * Seeds `installations` × `eventsPerInstallation` through POST /api/v2/sdk/events, one installation per request,
 * `concurrency` requests in flight. This is also the ingestion benchmark for SDK-sized batches.
 */
export async function seedInstallations(
  url: string,
  appKey: string,
  options: { installations: number; eventsPerInstallation: number; concurrency: number; label: string },
): Promise<SeedFigures> {
  const pool = new Pool(url, { connections: options.concurrency, pipelining: 1 });
  const random = createRandom('bench-seed');
  const history = seededHistory(Date.now());
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let firstFailure: string | null = null;
  const report = progressReporter(`seeding ${options.label}`, options.installations, (line) =>
    process.stderr.write(`${line}\n`),
  );
  const indexes = Array.from({ length: options.installations }, (_, i) => i);
  const started = performance.now();
  await runBounded(
    indexes,
    options.concurrency,
    async (index) => {
      const inst = benchInstallation(index);
      const body = JSON.stringify(
        ingestionBody(inst, benchEvents(random, inst, options.eventsPerInstallation, history)),
      );
      const t0 = performance.now();
      try {
        const reply = await pool.request({
          method: 'POST',
          path: '/api/v2/sdk/events',
          headers: { 'content-type': 'application/json', 'x-app-key': appKey },
          body,
        });
        const text = await reply.body.text();
        latencies.push(performance.now() - t0);
        if (reply.statusCode !== 202) {
          non2xx++;
          firstFailure ??= `${reply.statusCode} ${text.slice(0, 300)}`;
        }
      } catch (error) {
        errors++;
        firstFailure ??= String(error);
      }
    },
    (done) =>
      report(
        done,
        `${Math.round((done * options.eventsPerInstallation) / ((performance.now() - started) / 1000))} events/s`,
      ),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  if (firstFailure)
    process.stderr.write(
      `seeding ${options.label}: ${errors} errors, ${non2xx} non-2xx; first: ${firstFailure}\n`,
    );
  const ok = options.installations - errors - non2xx;
  return {
    requests: options.installations,
    events: ok * options.eventsPerInstallation,
    seconds,
    rps: options.installations / seconds,
    eventsPerS: (ok * options.eventsPerInstallation) / seconds,
    errors,
    non2xx,
    ...summarizeLatencies(latencies),
  };
}
