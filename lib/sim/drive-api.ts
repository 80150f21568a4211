import { systemClock } from '../clock/system-clock';
import type { Clock } from '../domain/clock';
import { driveDevice, type DeviceDriverDeps } from './drive-device';
import type { DriveItemResult, DriveReport } from './drive-types';
import { postJson, type FetchLike } from './post-json';
import { runBounded } from './run-bounded';
import { feedbackBody, type ServiceIds } from './to-wire';
import { createTokenSource } from './token-source';
import type { Population, SimulatedDevice } from './types';

export interface DriveOptions {
  /** Server address without a trailing slash, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The tenant's public SDK key, sent as X-App-Key on ingestion. */
  appKey: string;
  /** Devices driven at the same time. Default 8. */
  concurrency?: number;
  /** Send the population's feedback once every assessment is done. Default false (an evaluation must not leak labels). */
  sendFeedback?: boolean;
  /** Name installations in assessments by `installation_id` (default) or by the ingestion's `request_token`. */
  identifyBy?: 'installation_id' | 'request_token';
  /** Called after each device; `done` counts devices of both phases. */
  onProgress?: (done: number, total: number) => void;
  /** Default: the global fetch (undici; keeps connections alive). */
  fetch?: FetchLike;
  /** For token expiry; default the system clock. */
  clock?: Clock;
}

/**
 * Pushes a population through the real HTTP API: SDK ingestion, signups, payments and logins in each device's
 * time order, then (optionally) feedback. Phase-1 devices (account takeovers, new phones) start after every
 * phase-0 device is done, so the accounts they use already have a history. Returns one result per assessment.
 */
export async function driveApi(population: Population, options: DriveOptions): Promise<DriveReport> {
  const clock = options.clock ?? systemClock;
  const started = clock.now();
  const fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const deps: DeviceDriverDeps = {
    baseUrl,
    appKey: options.appKey,
    fetch: fetchImpl,
    tokens: createTokenSource({
      baseUrl,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      fetch: fetchImpl,
      clock,
    }),
    ingestion: { requests: 0, accepted: 0, rejected: 0, failedRequests: 0 },
    identifyBy: options.identifyBy ?? 'installation_id',
  };
  const total = population.devices.length;
  let done = 0;
  const results: DriveItemResult[] = [];
  const served: { device: SimulatedDevice; ids: ServiceIds }[] = [];
  for (const phase of [0, 1] as const) {
    const devices = population.devices.filter((d) => d.phase === phase);
    const outcomes = await runBounded(
      devices,
      options.concurrency ?? 8,
      (device) => driveDevice(deps, device),
      () => options.onProgress?.(++done, total),
    );
    outcomes.forEach((outcome, i) => {
      results.push(...outcome.results);
      served.push({ device: devices[i]!, ids: outcome.ids });
    });
  }
  const feedback = { sent: 0, failed: 0 };
  if (options.sendFeedback) {
    const bodies = served.flatMap(({ device, ids }) =>
      device.feedback.map((f) => feedbackBody(device, f, ids)),
    );
    await runBounded(
      bodies.filter((b) => b !== null),
      options.concurrency ?? 8,
      async (body) => {
        const token = await deps.tokens.get().catch(() => '');
        const reply = await postJson(fetchImpl, `${baseUrl}/api/v2/feedbacks`, body, {
          authorization: `Bearer ${token}`,
        }).catch(() => ({ status: 0, body: null }));
        if (reply.status === 200) feedback.sent++;
        else feedback.failed++;
      },
    );
  }
  return { results, ingestion: deps.ingestion, feedback, durationMs: clock.now() - started };
}
