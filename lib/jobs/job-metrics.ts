import { Counter, Gauge, type Registry } from 'prom-client';
import type { Executor } from '../db/repositories/executor';
import type { Clock } from '../domain/clock';
import { dueAt } from './job-queue';

export const OLDEST_PENDING_JOB_METRIC = 'locus_jobs_oldest_pending_age_seconds';

/**
 * How long the oldest due job has waited (0 when none is due): the alert for a stuck or
 * under-provisioned worker. Measured at scrape time, so it is right whichever process works.
 */
export function registerJobMetrics(registry: Registry, db: Executor, clock: Clock): void {
  if (registry.getSingleMetric(OLDEST_PENDING_JOB_METRIC)) return;
  new Gauge({
    name: OLDEST_PENDING_JOB_METRIC,
    help: 'Age in seconds of the oldest job that is due and not yet done (expired leases included)',
    registers: [registry],
    async collect() {
      const now = clock.now();
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.min('run_at').as('oldest'))
        .where(dueAt(now))
        .executeTakeFirst();
      const oldest = row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
      this.set(oldest === null ? 0 : Math.max(0, (now - oldest) / 1000));
    },
  });
}

/** Webhook attempts by outcome (delivered, http_error, redirect, timeout, network, blocked). */
export function webhookAttemptCounter(registry: Registry): Counter<'outcome'> {
  const name = 'locus_webhook_attempts_total';
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<'outcome'>;
  return new Counter({
    name,
    help: 'Webhook delivery attempts by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
}
