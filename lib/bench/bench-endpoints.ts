import { MAX_EVENTS_PER_REQUEST } from '../contracts/sdk-events';
import { createRandom, type Random } from '../sim/random';
import {
  benchEvents,
  benchInstallation,
  ingestionBody,
  paymentBody,
  seededHistory,
  signupBody,
} from './bench-dataset';

export const ENDPOINTS = ['signup', 'payment', 'ingestion', 'ingestion_50'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

export const LOCUS_PATHS: Record<Endpoint, string> = {
  signup: '/api/v2/onboarding/signups',
  payment: '/api/v2/authentication/transactions',
  ingestion: '/api/v2/sdk/events',
  ingestion_50: '/api/v2/sdk/events',
};

export const BASELINE_PATHS: Record<Endpoint, string> = {
  signup: '/baseline/signup',
  payment: '/baseline/payment',
  ingestion: '/baseline/events',
  ingestion_50: '/baseline/events',
};

export const MINIMAL_PATHS: Record<Endpoint, string> = {
  signup: '/minimal/signup',
  payment: '/minimal/payment',
  ingestion: '/minimal/events',
  ingestion_50: '/minimal/events',
};

/** Share of signups whose declared coordinates are the home address (the rest are 30 km away). */
const NEAR_SHARE = 0.7;
/** Distinct fresh installations the ingestion load cycles through, 1,000 events each. */
const INGESTION_BODIES = 16;
/** A 1,000-event batch holds an hour of fixes (one every 3.6 s: a backlog uploaded after a while offline). */
const BATCH_SPAN_MS = 3_600_000;
/** Distinct fresh installations of the SDK-sized ingestion load (50 events each, what a phone sends at once). */
const SDK_BATCH_BODIES = 256;
const SDK_BATCH_EVENTS = 50;
/** A 50-event batch holds ten minutes of fixes. */
const SDK_BATCH_SPAN_MS = 600_000;

export interface EndpointLoad {
  path: string;
  headers: Record<string, string>;
  nextBody: () => string;
  /** Location events carried by one request (0 for assessments). */
  eventsPerRequest: number;
}

export interface Credentials {
  accessToken: string;
  appKey: string;
}

/**
 * What phones upload: request n carries the next `spanMs` of fixes of installation `first + n % count`,
 * later than everything that installation sent before, as an SDK sends each fix once. (Re-sending a
 * fixed set of bodies made every batch duplicates interleaved with the stored rows: each one then
 * rewrote its installation's whole range of the events index, a cost no real upload stream has.)
 * The windows start four weeks back and wrap after four weeks of uploads, far beyond a bench run.
 */
function uploadStream(random: Random, first: number, count: number, eventsPerBatch: number, spanMs: number) {
  const insts = Array.from({ length: count }, (_, k) => benchInstallation(first + k));
  const history = seededHistory(Date.now());
  const cycles = Math.floor((history.to - history.from) / spanMs);
  let sent = 0;
  return (): string => {
    const inst = insts[sent % count]!;
    const from = history.from + (Math.floor(sent / count) % cycles) * spanMs;
    sent++;
    return JSON.stringify(
      ingestionBody(inst, benchEvents(random, inst, eventsPerBatch, { from, to: from + spanMs })),
    );
  };
}

/**
 * The three loads over `installations` seeded installations: the same bodies for Locus and the baseline,
 * drawn from the same seeds, so both see identical traffic.
 */
export function endpointLoads(
  installations: number,
  paths: Record<Endpoint, string>,
  credentials: Credentials | null,
) {
  const bearer: Record<string, string> = credentials
    ? { authorization: `Bearer ${credentials.accessToken}` }
    : {};
  const appKey: Record<string, string> = credentials ? { 'x-app-key': credentials.appKey } : {};
  const signupRandom = createRandom('bench-signup');
  const paymentRandom = createRandom('bench-payment');
  let payments = 0;
  const batches = uploadStream(
    createRandom('bench-ingestion'),
    installations,
    INGESTION_BODIES,
    MAX_EVENTS_PER_REQUEST,
    BATCH_SPAN_MS,
  );
  const sdkBatches = uploadStream(
    createRandom('bench-ingestion-50'),
    installations + INGESTION_BODIES,
    SDK_BATCH_BODIES,
    SDK_BATCH_EVENTS,
    SDK_BATCH_SPAN_MS,
  );
  const loads: Record<Endpoint, EndpointLoad> = {
    signup: {
      path: paths.signup,
      headers: bearer,
      nextBody: () => {
        const inst = benchInstallation(signupRandom.int(0, installations - 1));
        return JSON.stringify(signupBody(signupRandom, inst, !signupRandom.chance(NEAR_SHARE)));
      },
      eventsPerRequest: 0,
    },
    payment: {
      path: paths.payment,
      headers: bearer,
      nextBody: () =>
        JSON.stringify(
          paymentBody(paymentRandom, benchInstallation(paymentRandom.int(0, installations - 1)), payments++),
        ),
      eventsPerRequest: 0,
    },
    ingestion: {
      path: paths.ingestion,
      headers: appKey,
      nextBody: batches,
      eventsPerRequest: MAX_EVENTS_PER_REQUEST,
    },
    ingestion_50: {
      path: paths.ingestion_50,
      headers: appKey,
      nextBody: sdkBatches,
      eventsPerRequest: SDK_BATCH_EVENTS,
    },
  };
  return loads;
}
