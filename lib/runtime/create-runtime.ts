import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { newTimeOrderedId } from './time-ordered-ids';
import { makeAccessTokenCache } from '../auth/access-token-cache';
import { failedAttemptLimitsFromEnv, makeFailedAttemptLimiter } from '../auth/failed-attempts';
import { makeTokenIssuer } from '../auth/token-issuer';
import { connectDatabase, type ConnectOptions, type DatabaseHandle } from '../db/connect';
import { jobLeaseMs } from '../jobs/create-worker';
import { retentionPolicyFromEnv } from '../jobs/retention-policy';
import { registerJobMetrics } from '../jobs/job-metrics';
import { ensureEventPartitions } from '../db/retention/event-partitions';
import { migrateToLatest } from '../db/migrate';
import { startupWaitFromEnv, whenDatabaseAnswers } from '../db/wait-for-database';
import { reposFor } from '../db/repositories/index';
import type { Clock } from '../domain/clock';
import { createGeocoder } from '../geocode/create-geocoder';
import { geocoderConfigFromEnv } from '../geocode/geocoder-config';
import type { Geocoder } from '../geocode/types';
import { systemClock } from '../clock/system-clock';
import type { ApiDeps } from '../server/api-deps';
import { makeCreateSignup } from '../usecases/create-signup';
import { makeCreateTenant } from '../usecases/create-tenant';
import { makeCreateTransaction } from '../usecases/create-transaction';
import { makeEraseSubject } from '../usecases/erase-subject';
import { makeExportSubject } from '../usecases/export-subject';
import { makeGetSignup } from '../usecases/get-signup';
import { makeGetTransaction } from '../usecases/get-transaction';
import { makeIngestSdkEvents } from '../usecases/ingest-sdk-events';
import { makeIssueAccessToken } from '../usecases/issue-access-token';
import { makeRecordFeedback } from '../usecases/record-feedback';
import { makeUpdateSignupAddress } from '../usecases/update-signup-address';
import { makeWebhookAdmin } from '../webhooks/webhook-admin';
import { cacheAppKeys } from './app-key-cache';
import { reassessmentScheduler } from './schedule-reassessment';
import { oidcSettings } from '../server/routes/console/oidc-identity';

export interface RuntimeOptions {
  databaseUrl: string;
  clock?: Clock;
  geocoder?: Geocoder;
  connect?: ConnectOptions;
  env?: Record<string, string | undefined>;
}

/** LOCUS_SQLITE_SYNCHRONOUS: normal (default) or full. */
function sqliteSynchronousFromEnv(env: Record<string, string | undefined>): 'normal' | 'full' {
  const value = (env.LOCUS_SQLITE_SYNCHRONOUS ?? 'normal').toLowerCase();
  if (value !== 'normal' && value !== 'full')
    throw new Error(`LOCUS_SQLITE_SYNCHRONOUS must be normal or full, got ${env.LOCUS_SQLITE_SYNCHRONOUS}`);
  return value;
}

/** The composition root: one database, one clock, every use-case wired. Tests build it with their own pieces. */
export async function createRuntime(options: RuntimeOptions) {
  const clock = options.clock ?? systemClock;
  const env = options.env ?? process.env;
  const handle: DatabaseHandle = connectDatabase(options.databaseUrl, {
    ...options.connect,
    sqliteSynchronous: sqliteSynchronousFromEnv(env),
  });
  const { db } = handle;
  const repos = reposFor(db);
  const key = await whenDatabaseAnswers(
    async () => {
      await prepareSchema(options, handle, clock);
      return repos.settings.getOrInit('jwt_signing_key', () => randomBytes(32).toString('base64'));
    },
    startupWaitFromEnv(env),
    (line) => console.error(JSON.stringify({ level: 'warn', component: 'runtime', ...line })),
  );
  const issuer = makeTokenIssuer(Buffer.from(key, 'base64'), clock);
  const geocoder = options.geocoder ?? createGeocoder({ db, config: geocoderConfigFromEnv(env) });
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });
  registerJobMetrics(metrics, db, clock);
  const verifyRequestToken = issuer.verifyRequestToken;
  // Time-ordered UUIDs (v7): new rows land at the right edge of every id index, pages stay in cache.
  const base = { db, clock, geocoder, newId: newTimeOrderedId };
  const onChange = reassessmentScheduler;

  const deps: ApiDeps = {
    db,
    clock,
    metrics,
    verifyAccessToken: makeAccessTokenCache(issuer, clock),
    findTenantIdByAppKey: cacheAppKeys((appKey) => repos.tenants.findTenantIdByAppKey(appKey), clock),
    isReady: async () => {
      await sql`select 1`.execute(db);
      return true;
    },
    createSignup: makeCreateSignup({ ...base, verifyRequestToken, onChange }),
    getSignup: makeGetSignup(base),
    updateSignupAddress: makeUpdateSignupAddress({ ...base, onChange }),
    createTransaction: makeCreateTransaction({ ...base, verifyRequestToken, onChange }),
    getTransaction: makeGetTransaction(base),
    recordFeedback: makeRecordFeedback({ ...base, verifyRequestToken, onChange }),
    ingestSdkEvents: makeIngestSdkEvents({
      db,
      clock,
      issueRequestToken: issuer.issueRequestToken,
      onChange,
    }),
    issueAccessToken: makeIssueAccessToken({
      db,
      clock,
      issuer,
      failures: makeFailedAttemptLimiter(failedAttemptLimitsFromEnv(env), () => clock.now()),
    }),
    webhooks: makeWebhookAdmin({ db, clock, newId: newTimeOrderedId, env }),
    eraseSubject: makeEraseSubject({ ...base, handoverMs: jobLeaseMs(env) }),
    exportSubject: makeExportSubject(base),
    oidc: oidcSettings(env),
  };
  return {
    handle,
    db,
    clock,
    deps,
    issuer,
    geocoder,
    createTenant: makeCreateTenant({ db, clock }),
    close: () => handle.close(),
  };
}
export type Runtime = Awaited<ReturnType<typeof createRuntime>>;

/**
 * Migrates and creates the event partitions. The serving processes' statement timeouts are for
 * requests, not for a migration building an index: on PostgreSQL it runs on its own connection
 * without them.
 */
async function prepareSchema(options: RuntimeOptions, handle: DatabaseHandle, clock: Clock): Promise<void> {
  const own = handle.engine === 'postgres' && options.connect?.timeouts;
  const schemaHandle = own
    ? connectDatabase(options.databaseUrl, { ...options.connect, timeouts: undefined, poolSize: 1 })
    : handle;
  try {
    await migrateToLatest(schemaHandle);
    const { eventDays } = retentionPolicyFromEnv(options.env ?? process.env);
    await ensureEventPartitions(schemaHandle.db, schemaHandle.engine, clock.now(), eventDays);
  } finally {
    if (own) await schemaHandle.close();
  }
}
