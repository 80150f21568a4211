import { MAX_EVENTS_PER_REQUEST } from '../contracts/sdk-events';
import { createRandom } from '../sim/random';
import { benchEvents, benchInstallation, ingestionBody, paymentBody, signupBody } from './bench-dataset';

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
/** Distinct fresh installations of the SDK-sized ingestion load (50 events each, what a phone sends at once). */
const SDK_BATCH_BODIES = 256;
const SDK_BATCH_EVENTS = 50;

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
  const now = Date.now();
  const batchRandom = createRandom('bench-ingestion');
  const batches = Array.from({ length: INGESTION_BODIES }, (_, k) => {
    const inst = benchInstallation(installations + k);
    return JSON.stringify(ingestionBody(inst, benchEvents(batchRandom, inst, MAX_EVENTS_PER_REQUEST, now)));
  });
  let batch = 0;
  const sdkRandom = createRandom('bench-ingestion-50');
  const sdkBatches = Array.from({ length: SDK_BATCH_BODIES }, (_, k) => {
    const inst = benchInstallation(installations + INGESTION_BODIES + k);
    return JSON.stringify(ingestionBody(inst, benchEvents(sdkRandom, inst, SDK_BATCH_EVENTS, now)));
  });
  let sdkBatch = 0;
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
      nextBody: () => batches[batch++ % batches.length]!,
      eventsPerRequest: MAX_EVENTS_PER_REQUEST,
    },
    ingestion_50: {
      path: paths.ingestion_50,
      headers: appKey,
      nextBody: () => sdkBatches[sdkBatch++ % sdkBatches.length]!,
      eventsPerRequest: SDK_BATCH_EVENTS,
    },
  };
  return loads;
}
