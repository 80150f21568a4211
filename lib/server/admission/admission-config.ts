import type { ConcurrencyLimitsConfig } from './concurrency-limits';
import type { TokenBucketConfig } from './token-buckets';

/** How much work the API takes on before it refuses more (README, "Operating it", lists the variables). */
export interface AdmissionConfig {
  concurrency: ConcurrencyLimitsConfig;
  /** SDK ingestion, per app key: a tenant's whole fleet of devices. */
  perAppKey: TokenBucketConfig;
  /** SDK ingestion, per installation: one device (or one device farm's installation id). */
  perInstallation: TokenBucketConfig;
}

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

export function admissionConfigFromEnv(env: Record<string, string | undefined>): AdmissionConfig {
  // In flight includes the requests waiting for their turn. At 64 (48 per tenant) a pause of ~150 ms in a
  // process serving 300 signups/s filled the tenant's share and refused work at 40 % of a core.
  const global = positive(env, 'LOCUS_MAX_IN_FLIGHT', 128);
  const perAppKey = positive(env, 'LOCUS_SDK_RATE_PER_APP_KEY', 1000);
  const perInstallation = positive(env, 'LOCUS_SDK_RATE_PER_INSTALLATION', 0.5);
  return {
    concurrency: {
      global,
      perTenant: positive(env, 'LOCUS_MAX_IN_FLIGHT_PER_TENANT', Math.max(1, Math.floor(global * 0.75))),
    },
    perAppKey: { capacity: perAppKey * 2, refillPerSecond: perAppKey, maxKeys: 10_000 },
    perInstallation: {
      capacity: positive(env, 'LOCUS_SDK_BURST_PER_INSTALLATION', 30),
      refillPerSecond: perInstallation,
      maxKeys: 200_000,
    },
  };
}
