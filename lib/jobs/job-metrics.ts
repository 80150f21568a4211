import { Counter, Gauge, type Registry } from 'prom-client';
import type { Executor } from '../db/repositories/executor';
import type { Clock } from '../domain/clock';
import { dueAt } from './job-queue';

export const OLDEST_PENDING_JOB_METRIC = 'locus_jobs_oldest_pending_age_seconds';
export const DUE_JOBS_METRIC = 'locus_jobs_due';

/**
 * How long the oldest due job has waited (0 when none is due), and how many are due: the alerts for a
 * stuck or under-provisioned worker. Measured at scrape time, so they are right whichever process works.
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
  new Gauge({
    name: DUE_JOBS_METRIC,
    help: 'Jobs due and not yet done (expired leases included): the worker backlog',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(dueAt(clock.now()))
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
}

function counter<L extends string>(registry: Registry, name: string, help: string, label: L): Counter<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<L>;
  return new Counter({ name, help, labelNames: [label], registers: [registry] });
}

/** Webhook attempts by outcome (delivered, http_error, redirect, timeout, network, blocked). */
export const webhookAttemptCounter = (registry: Registry) =>
  counter(registry, 'locus_webhook_attempts_total', 'Webhook delivery attempts by outcome', 'outcome');

export const SIGNUP_REASSESSMENTS_METRIC = 'locus_signup_reassessments_total';

/** Signups the worker judged again, by what triggered the run (location_events, feedback, graph, signup, time). */
export const signupReassessmentCounter = (registry: Registry) =>
  counter(
    registry,
    SIGNUP_REASSESSMENTS_METRIC,
    'Open signups reassessed by the worker, by trigger',
    'trigger',
  );
