/**
 * How long each kind of row lives (docs/OPERATIONS.md "Retention"), from the environment. Raw location
 * events have the shortest life: verdicts read the per-device fingerprint, which is bounded and kept,
 * so purging events changes no verdict; the raw points serve the analyst's map and access exports.
 */
export interface RetentionPolicy {
  /** Raw location events (LOCUS_RETENTION_EVENT_DAYS); a tenant may choose a shorter window. */
  eventDays: number;
  /** Finished jobs (done; dead ones live twice as long, for diagnosis). */
  jobDays: number;
  /** Webhook events that were delivered, failed or cancelled, with their attempts. */
  webhookDays: number;
  /** The audit log and erasure records; 0 keeps them forever. */
  auditDays: number;
  /** How often the retention job runs. */
  intervalMs: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = {
  eventDays: 30,
  jobDays: 7,
  webhookDays: 90,
  auditDays: 730,
  intervalMs: 60 * 60_000,
};

export const DAY_MS = 86_400_000;

export function retentionPolicyFromEnv(env: Record<string, string | undefined>): RetentionPolicy {
  const days = (name: string, fallback: number, min: number) => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min)
      throw new Error(`${name} must be a whole number ≥ ${min}, got ${text}`);
    return n;
  };
  return {
    eventDays: days('LOCUS_RETENTION_EVENT_DAYS', DEFAULT_RETENTION.eventDays, 1),
    jobDays: days('LOCUS_RETENTION_JOB_DAYS', DEFAULT_RETENTION.jobDays, 1),
    webhookDays: days('LOCUS_RETENTION_WEBHOOK_DAYS', DEFAULT_RETENTION.webhookDays, 1),
    auditDays: days('LOCUS_RETENTION_AUDIT_DAYS', DEFAULT_RETENTION.auditDays, 0),
    intervalMs: days('LOCUS_RETENTION_INTERVAL_MINUTES', DEFAULT_RETENTION.intervalMs / 60_000, 1) * 60_000,
  };
}

/** What each table keeps, in words (`locus retention status`, docs/OPERATIONS.md); others are kept. */
export function describeLifetimes(p: RetentionPolicy): Record<string, string> {
  const audit = p.auditDays > 0 ? `${p.auditDays} days` : 'forever';
  return {
    location_events: `${p.eventDays} days, or a tenant's shorter window`,
    location_fingerprints: 'bounded per device; until the installation is erased',
    installations: 'until erased',
    installation_accounts: 'until the installation or account is erased',
    signups: 'kept; personal fields erased on request',
    signup_assessments: 'kept; evidence erased on request',
    transactions: 'kept; personal fields erased on request',
    feedbacks: 'kept; links and comments erased on request',
    jobs: `pending until run; done ${p.jobDays} days, dead ${2 * p.jobDays} days`,
    webhook_events: `pending until delivered or given up; then ${p.webhookDays} days`,
    webhook_attempts: 'as long as their webhook event',
    audit_log: audit,
    erasures: audit,
    erasure_steps: 'as long as their erasure',
    retention_runs: `${p.jobDays} days`,
  };
}
