import { makeDemoAnalyst } from './demo-decisions';
import { makeDemoClient, type DemoClient } from './demo-client';
import type { DemoClock } from './demo-clock';
import { demoStores } from './demo-stores';
import { demoTimeline, timeWindows, type DemoStep } from './demo-timeline';
import { startDemoWebhookReceiver } from './demo-webhook-receiver';
import { generatePopulation } from './generate-population';
import type { FetchLike } from './post-json';
import { createRandom } from './random';
import { runBounded } from './run-bounded';
import { spreadOverMonth } from './spread-over-month';
import { feedbackBody, ingestionBodies, signupBody, transactionBody, type ServiceIds } from './to-wire';
import type { Population } from './types';

export interface SeedDemoOptions {
  baseUrl: string;
  credentials: { clientId: string; clientSecret: string };
  appKey: string;
  devices: number;
  seed: string | number;
  /** The server's clock: the seeding moves it through the simulated month, then hands it back. */
  clock: DemoClock;
  /** A console user who works part of the queue (decisions, claims) as the month goes by. */
  analyst?: { email: string; password: string };
  /** Configure the tenant's webhook to a local receiver that fails one delivery in three. */
  webhookReceiver?: boolean;
  /** Progress lines (e.g. to stderr); silent by default. */
  onProgress?: (done: number, total: number) => void;
  fetch?: FetchLike;
}

export interface DemoSummary {
  days: number;
  devices: number;
  requests: number;
  /** Requests that did not succeed, by HTTP status (0: no answer). */
  failed: Record<string, number>;
  signups: Record<string, number>;
  payments: Record<string, number>;
  inStorePayments: number;
  stores: number;
  feedback: number;
  analyst: { decided: number; claimed: number; open: number } | null;
  webhookUrl: string | null;
  seconds: number;
}

export const DEMO_DAYS = 30;
/** Each device's simulated history before its signup (a month of it per device would be 4× the events). */
const HISTORY_DAYS = 7;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * Requests of one hour of simulated time run together (8 devices at a time, a device's own requests in
 * order), stamped with the end of that hour: fewer clock jumps (and fresh tokens) than one per request.
 */
const WINDOW_MS = 2 * HOUR_MS;
/** The analyst works the queue every other day (each shift is a sign-in: a password hash to check). */
const SHIFT_EVERY_MS = 2 * DAY_MS;
/** Analysts reach a flagged case a few hours after it was flagged. */
const TRIAGE_DELAY_MS = 3 * HOUR_MS;

/**
 * Fills a demo tenant through the public API with a month of life, in the order it happened: SDK uploads,
 * signups, payments (some in registered stores), the client's feedback (chargebacks weeks later raise
 * the area counters that later payments see), an analyst deciding part of the queue every day, and
 * webhooks to a receiver that sometimes fails. The server's clock is moved to each moment (DemoClock),
 * so every row carries the time it happened while the whole month takes seconds to seed.
 */
export async function seedDemo(options: SeedDemoOptions): Promise<DemoSummary> {
  const startedAt = performance.now();
  const clock = options.clock;
  const fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
  const random = createRandom(`${options.seed}:demo`);
  const simulated = generatePopulation({
    seed: options.seed,
    now: clock.now(),
    devices: options.devices,
    fraudShare: 0.3,
    days: HISTORY_DAYS,
    coordinatesShare: 0.9,
  });
  const population = {
    ...simulated,
    devices: spreadOverMonth(simulated.devices, DEMO_DAYS, HISTORY_DAYS, random.fork('month')),
  };
  const inStore = demoStores(population.devices, random.fork('stores'));
  const steps = demoTimeline(population.devices);
  clock.travelTo(steps[0]?.at ?? clock.now());

  const client = makeDemoClient({ ...options, clock, fetch: fetchImpl });
  for (const store of inStore.stores)
    await client.put(`/api/v2/admin/stores/${store.id}`, {
      name: store.name,
      latitude: store.lat,
      longitude: store.lng,
    });
  const receiver = options.webhookReceiver ? await startDemoWebhookReceiver() : null;
  if (receiver) {
    await client.put('/api/v2/admin/webhook', {
      url: receiver.url,
      event_types: ['verification', 'risk_increase', 'risk_decrease'],
    });
  }
  const analyst = options.analyst
    ? makeDemoAnalyst({
        baseUrl: options.baseUrl,
        fetch: fetchImpl,
        user: options.analyst,
        random: random.fork('analyst'),
      })
    : null;

  const run = makeStepRunner(population, client, inStore.storeOf, (c) => analyst?.flagged(c));
  let done = 0;
  let lastShift = steps[0]?.at ?? 0;
  for (const window of timeWindows(steps, WINDOW_MS)) {
    const byDevice = new Map<number, DemoStep[]>();
    for (const step of window) byDevice.set(step.device, [...(byDevice.get(step.device) ?? []), step]);
    // The window's requests happen at its end (a token fetched then is valid for all of them).
    clock.travelTo(Math.floor(window[0]!.at / WINDOW_MS) * WINDOW_MS + WINDOW_MS);
    await runBounded([...byDevice.values()], 8, async (deviceSteps) => {
      for (const step of deviceSteps) await run(step);
    });
    done += window.length;
    options.onProgress?.(done, steps.length);
    const end = clock.now();
    if (analyst && end - lastShift >= SHIFT_EVERY_MS) {
      await analyst.shift(end - TRIAGE_DELAY_MS);
      lastShift = end;
    }
  }
  clock.resume();
  return {
    days: DEMO_DAYS,
    devices: population.devices.length,
    ...run.totals(),
    inStorePayments: inStore.storeOf.size,
    stores: inStore.stores.length,
    analyst: analyst?.summary() ?? null,
    webhookUrl: receiver?.url ?? null,
    seconds: Math.round((performance.now() - startedAt) / 100) / 10,
  };
}

/** Sends one step of the timeline and keeps the ids, counts and flagged cases it produced. */
function makeStepRunner(
  population: Population,
  client: DemoClient,
  storeOf: Map<string, string>,
  flagged: (c: { kind: 'signups' | 'payments'; id: string; label: 'fraud' | 'honest'; at: number }) => void,
) {
  const ids: ServiceIds[] = population.devices.map((d) => ({
    signupId: null,
    transactionIds: d.payments.map(() => null),
  }));
  const totals = {
    requests: 0,
    failed: {} as Record<string, number>,
    feedback: 0,
    signups: {} as Record<string, number>,
    payments: {} as Record<string, number>,
  };
  const count = (status: number) => {
    totals.requests++;
    if (status < 200 || status >= 300) totals.failed[status] = (totals.failed[status] ?? 0) + 1;
  };
  const verdictOf = (body: unknown) => {
    const risk = (body as { risk_assessment?: unknown; id?: unknown } | null)?.risk_assessment;
    return typeof risk === 'string' ? risk : null;
  };
  const idOf = (body: unknown) => {
    const id = (body as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : null;
  };

  const runStep = async (s: DemoStep): Promise<void> => {
    const device = population.devices[s.device]!;
    const own = ids[s.device]!;
    if (s.kind === 'feedback') {
      const body = feedbackBody(device, s.feedback, own);
      if (!body) return;
      const reply = await client.post('/api/v2/feedbacks', body);
      count(reply.status);
      if (reply.status === 200) totals.feedback++;
      return;
    }
    const step = s.step;
    if (step.kind === 'events') {
      for (const body of ingestionBodies(device, step.events, step.tsStyle))
        count((await client.ingest(body)).status);
    } else if (step.kind === 'signup') {
      const reply = await client.post('/api/v2/onboarding/signups', signupBody(device));
      count(reply.status);
      own.signupId = idOf(reply.body);
      const risk = verdictOf(reply.body);
      if (risk) totals.signups[risk] = (totals.signups[risk] ?? 0) + 1;
      if (own.signupId && (risk === 'high_risk' || risk === 'unknown_risk'))
        flagged({ kind: 'signups', id: own.signupId, label: device.label, at: s.at });
    } else {
      const payment = device.payments[step.index]!;
      const storeId = storeOf.get(`${s.device}:${step.index}`);
      const body = {
        ...transactionBody(device, payment, step.index),
        ...(storeId ? { store_id: storeId } : {}),
      };
      const reply = await client.post('/api/v2/authentication/transactions', body);
      count(reply.status);
      const id = idOf(reply.body);
      own.transactionIds[step.index] = id;
      const risk = verdictOf(reply.body);
      if (risk) totals.payments[risk] = (totals.payments[risk] ?? 0) + 1;
      if (id && risk === 'high_risk') flagged({ kind: 'payments', id, label: payment.label, at: s.at });
    }
  };
  return Object.assign(runStep, { totals: () => totals });
}
