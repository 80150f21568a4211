import { v7 as uuidv7 } from 'uuid';
import type { Command } from 'commander';
import { makeTenantRetentionRepo } from '../../db/retention/tenant-retention-repo';
import { databaseBytes, tableSizes } from '../../db/retention/table-sizes';
import { RETENTION_JOB } from '../../jobs/retention-job';
import { describeLifetimes, retentionPolicyFromEnv } from '../../jobs/retention-policy';
import { plainPacer, runRetention } from '../../jobs/retention-run';
import { createRuntime, type Runtime } from '../../runtime/create-runtime';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';
import { withTenant } from '../with-tenant';

const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

/** `locus retention status|run|set` — what is kept and for how long (docs/OPERATIONS.md "Retention"). */
export function register(program: Command): void {
  const retention = program.command('retention').description('how long data is kept, and purges');

  retention
    .command('status')
    .description('per table: what is kept, rows and bytes; the last purge and when the next one runs')
    .action(() =>
      withRuntime(async (runtime) => console.log(JSON.stringify(await status(runtime), null, 2))),
    );

  retention
    .command('run')
    .description('run a purge now (the worker runs one every LOCUS_RETENTION_INTERVAL_MINUTES)')
    .action(() =>
      withRuntime(async (runtime) => {
        process.stderr.write('retention: purging\n');
        const report = await runRetention(
          {
            db: runtime.db,
            engine: runtime.handle.engine,
            clock: runtime.clock,
            newId: uuidv7,
            policy: retentionPolicyFromEnv(process.env),
            releaseFreePages: runtime.handle.releaseFreePages,
          },
          plainPacer(runtime.db),
        );
        console.log(JSON.stringify(report));
      }),
    );

  retention
    .command('set')
    .requiredOption('--client-id <id>', "the tenant's API client id")
    .requiredOption(
      '--event-days <days>',
      "days of raw location events to keep, or 'default' (the global window)",
    )
    .description("a tenant's own window for raw location events, shorter than the global one")
    .action((o: { clientId: string; eventDays: string }) =>
      withTenant(o.clientId, async (runtime, tenantId) => {
        const repo = makeTenantRetentionRepo(runtime.db);
        const global = retentionPolicyFromEnv(process.env).eventDays;
        if (o.eventDays === 'default') {
          await repo.clear(tenantId);
          return { tenant_id: tenantId, event_days: global };
        }
        const days = Number(o.eventDays);
        if (!Number.isInteger(days) || days < 1 || days > global)
          throw new Error(
            `--event-days must be a whole number from 1 to the global window (${global}), or default`,
          );
        await repo.set(tenantId, days, runtime.clock.now());
        return { tenant_id: tenantId, event_days: days };
      }),
    );
}

async function status(runtime: Runtime) {
  const { db } = runtime;
  const engine = runtime.handle.engine;
  const policy = retentionPolicyFromEnv(process.env);
  const lifetimes = describeLifetimes(policy);
  const [job, lastRun, tenants, sizes, bytes] = await Promise.all([
    db.selectFrom('jobs').select(['status', 'run_at']).where('id', '=', RETENTION_JOB).executeTakeFirst(),
    db.selectFrom('retention_runs').selectAll().orderBy('started_at', 'desc').limit(1).executeTakeFirst(),
    makeTenantRetentionRepo(db).list(),
    tableSizes(db, engine),
    databaseBytes(db, engine),
  ]);
  return {
    engine,
    database_bytes: bytes,
    next_purge_at: job
      ? iso(job.status === 'pending' ? job.run_at : runtime.clock.now())
      : 'when a worker starts',
    last_purge: lastRun
      ? {
          started_at: iso(lastRun.started_at),
          finished_at: iso(lastRun.finished_at),
          removed: JSON.parse(lastRun.removed),
        }
      : null,
    tenant_event_windows: tenants.map((t) => ({ tenant_id: t.tenantId, event_days: t.eventDays })),
    tables: sizes.map((s) => ({
      table: s.table,
      kept: lifetimes[s.table] ?? 'kept',
      rows: s.rows,
      bytes: s.bytes,
    })),
    ...(engine === 'postgres' ? { note: 'PostgreSQL row counts are its statistics’ estimates' } : {}),
  };
}

async function withRuntime(work: (runtime: Runtime) => Promise<void>): Promise<void> {
  const runtime = await createRuntime({ databaseUrl: runtimeConfigFromEnv(process.env).databaseUrl });
  try {
    await work(runtime);
  } finally {
    await runtime.close();
  }
}
