import type { Expression } from 'kysely';
import type { FeedbackEvent } from '../../domain/feedback/feedback-events';
import type { LocationFingerprint } from '../../domain/fingerprint/location-fingerprint';
import type { OtherTenantInstallation } from '../../domain/graph/global-device-signals';
import type { Executor } from '../repositories/executor';
import { fromJson } from '../repositories/executor';

/** Installations read per other tenant (its newest): one tenant's thousand fakes cannot crowd the others out. */
export const INSTALLATIONS_PER_TENANT = 5;
/** Other tenants read at most (a self-hosted instance has a handful). */
const MAX_TENANTS = 50;
/** Feedback rows read per installation, the last ones the service received. */
const FEEDBACK_PER_INSTALLATION = 50;

/**
 * The only read that crosses tenants (docs/RISK.md "Global signals"). What leaves it is keyed by an
 * opaque tenant number: no tenant id, installation id, account id or event. Tenants that opted out
 * (global_signal_opt_outs) neither receive nor contribute.
 */
/** Installations of tenants that did not opt out of global signals. */
const participatingIn = (db: Executor) =>
  db
    .selectFrom('installations as i')
    .where((w) =>
      w.not(
        w.exists(
          w
            .selectFrom('global_signal_opt_outs as o')
            .select('o.tenant_id')
            .whereRef('o.tenant_id', '=', 'i.tenant_id'),
        ),
      ),
    );

/**
 * How many other participating tenants claim the device, as two scalar subqueries that the statement
 * reading an installation's own history carries (lib/db/repositories/device-history-repo.ts): it runs
 * on every assessment, and on PostgreSQL a statement of its own was a round trip of its own. Read the
 * count with `otherTenantCountOf`; a null device id matches nothing. The device id is an argument or
 * the column of an installation row the statement reads (not one aliased `i`, which is this one's).
 */
export const otherTenantSubqueries = (
  db: Executor,
  a: { tenantId: string; deviceId: string | Expression<string> },
) =>
  [
    db
      .selectFrom('global_signal_opt_outs')
      .select((c) => c.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', a.tenantId)
      .as('opted_out'),
    participatingIn(db)
      .select((c) => c.fn.count<number>('i.tenant_id').distinct().as('n'))
      .where('i.device_id', '=', a.deviceId)
      .where('i.tenant_id', '!=', a.tenantId)
      .as('other_tenants'),
  ] as const;

/** Other participating tenants claiming the device, or 0 when this tenant opted out. */
export const otherTenantCountOf = (row: { opted_out?: unknown; other_tenants?: unknown } | undefined) =>
  Number(row?.opted_out ?? 0) > 0 ? 0 : Number(row?.other_tenants ?? 0);

export function makeGlobalDeviceRepo(db: Executor) {
  const participating = () => participatingIn(db);

  /** Feedback about exactly these installations, newest first per installation (no flood elsewhere can push it out). */
  async function feedbackOf(installations: readonly { tenant_id: string; installation_id: string }[]) {
    if (installations.length === 0) return [];
    const ranked = db
      .selectFrom('feedbacks as f')
      .select((eb) => [
        'f.tenant_id',
        'f.installation_id',
        'f.event',
        'f.occurred_at',
        'f.expires_at',
        'f.created_at',
        eb.fn
          .agg<number>('row_number')
          .over((ob) =>
            ob
              .partitionBy(['f.tenant_id', 'f.installation_id'])
              .orderBy('f.created_at', 'desc')
              .orderBy('f.id', 'desc'),
          )
          .as('rank'),
      ])
      .where((w) =>
        w.or(
          installations.map((i) =>
            w.and([w('f.tenant_id', '=', i.tenant_id), w('f.installation_id', '=', i.installation_id)]),
          ),
        ),
      );
    return db
      .selectFrom(ranked.as('r'))
      .selectAll()
      .where('r.rank', '<=', FEEDBACK_PER_INSTALLATION)
      .execute();
  }

  return {
    /** Other participating tenants' installations claiming `deviceId`, with what the rule needs of each. */
    async otherInstallations(tenantId: string, deviceId: string): Promise<OtherTenantInstallation[]> {
      const ranked = participating()
        .select((eb) => [
          'i.tenant_id',
          'i.installation_id',
          eb.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('i.tenant_id').orderBy('i.last_seen_at', 'desc'))
            .as('rank'),
        ])
        .where('i.device_id', '=', deviceId)
        .where('i.tenant_id', '!=', tenantId);
      const installations = await db
        .selectFrom(ranked.as('r'))
        .leftJoin('location_fingerprints as f', (j) =>
          j.onRef('f.tenant_id', '=', 'r.tenant_id').onRef('f.installation_id', '=', 'r.installation_id'),
        )
        .select((eb) => [
          'r.tenant_id',
          'r.installation_id',
          'f.fingerprint',
          eb
            .selectFrom('installation_accounts as a')
            .select((c) => c.fn.count<number>('a.account_id').distinct().as('n'))
            .whereRef('a.tenant_id', '=', 'r.tenant_id')
            .whereRef('a.installation_id', '=', 'r.installation_id')
            .as('accounts'),
        ])
        .where('r.rank', '<=', INSTALLATIONS_PER_TENANT)
        .limit(INSTALLATIONS_PER_TENANT * MAX_TENANTS)
        .execute();
      const feedback = await feedbackOf(installations);
      const tenantNumbers = new Map<string, number>();
      const numberOf = (id: string) =>
        tenantNumbers.get(id) ?? tenantNumbers.set(id, tenantNumbers.size).size - 1;
      const key = (t: string, i: string) => `${t}\0${i}`;
      return installations.map((row) => ({
        tenant: numberOf(row.tenant_id),
        fingerprint: row.fingerprint ? fromJson<LocationFingerprint>(row.fingerprint) : null,
        accounts: Number(row.accounts ?? 0),
        feedback: feedback
          .filter(
            (f) => key(f.tenant_id, f.installation_id ?? '') === key(row.tenant_id, row.installation_id),
          )
          .map((f) => ({
            event: f.event as FeedbackEvent,
            // A client may date its feedback in the future to dodge the decay: never later than its arrival.
            occurredAt: Math.min(f.occurred_at, f.created_at),
            expiresAt: f.expires_at,
          }))
          .sort((a, b) => a.occurredAt - b.occurredAt),
      }));
    },

    /** The operator's switch (`locus tenant global-signals`): off takes the tenant out both ways. */
    async setParticipation(tenantId: string, on: boolean, at: number): Promise<void> {
      if (on) {
        await db.deleteFrom('global_signal_opt_outs').where('tenant_id', '=', tenantId).execute();
        return;
      }
      await db
        .insertInto('global_signal_opt_outs')
        .values({ tenant_id: tenantId, opted_out_at: at })
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .execute();
    },

    async participates(tenantId: string): Promise<boolean> {
      const row = await db
        .selectFrom('global_signal_opt_outs')
        .select('tenant_id')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      return row === undefined;
    },
  };
}
export type GlobalDeviceRepo = ReturnType<typeof makeGlobalDeviceRepo>;
