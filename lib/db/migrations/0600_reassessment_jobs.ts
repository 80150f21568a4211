import type { Kysely, Migration } from 'kysely';
import { millis } from './column-types';

interface Tables {
  jobs: {
    id: string;
    kind: string;
    tenant_id: string | null;
    payload: string;
    run_at: number;
    attempts: number;
    status: string;
    lease_until: number | null;
    lease_token: number;
    last_error: string | null;
    created_at: number;
    updated_at: number;
  };
  signups: { id: string; tenant_id: string; installation_id: string };
}

const CHUNK = 500;

/**
 * Change-driven reassessment (issue 11): one coalescing `reassess_installation` job per installation
 * replaces a `reassess_signup` job per signup and the periodic `sweep_signups`. `rerun_at` records a
 * trigger that arrived while the job was running, so that the run that missed it is repeated.
 * Reassessments still due are carried over as installation jobs: none is lost in the upgrade.
 */
export const reassessmentJobsMigration: Migration = {
  async up(untyped: Kysely<unknown>) {
    const db = untyped as Kysely<Tables>;
    await db.schema.alterTable('jobs').addColumn('rerun_at', millis).execute();
    const legacy = await db
      .selectFrom('jobs')
      .select(['payload', 'run_at'])
      .where('kind', '=', 'reassess_signup')
      .where('status', 'in', ['pending', 'running'])
      .execute();
    const runAtBySignup = new Map<string, number>();
    for (const job of legacy) {
      const { signupId } = JSON.parse(job.payload) as { signupId: string };
      runAtBySignup.set(signupId, Math.min(job.run_at, runAtBySignup.get(signupId) ?? Infinity));
    }
    const ids = [...runAtBySignup.keys()];
    const runAtByInstallation = new Map<
      string,
      { tenantId: string; installationId: string; runAt: number }
    >();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const signups = await db
        .selectFrom('signups')
        .select(['id', 'tenant_id', 'installation_id'])
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute();
      for (const s of signups) {
        const key = `reassess:${s.tenant_id}:${s.installation_id}`;
        const runAt = Math.min(
          runAtBySignup.get(s.id) ?? Infinity,
          runAtByInstallation.get(key)?.runAt ?? Infinity,
        );
        runAtByInstallation.set(key, { tenantId: s.tenant_id, installationId: s.installation_id, runAt });
      }
    }
    for (const [id, job] of runAtByInstallation) {
      await db
        .insertInto('jobs')
        .values({
          id,
          kind: 'reassess_installation',
          tenant_id: job.tenantId,
          payload: JSON.stringify({ installationId: job.installationId, trigger: 'upgrade' }),
          run_at: job.runAt,
          attempts: 0,
          status: 'pending',
          lease_until: null,
          lease_token: 0,
          last_error: null,
          created_at: job.runAt,
          updated_at: job.runAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    await db
      .deleteFrom('jobs')
      .where('kind', 'in', ['reassess_signup', 'sweep_signups'])
      .where('status', 'in', ['pending', 'running'])
      .execute();
  },
};
