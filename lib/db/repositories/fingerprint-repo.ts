import {
  emptyFingerprint,
  updateFrozenFingerprint,
  type LocationFingerprint,
} from '../../domain/fingerprint/location-fingerprint';
import { fingerprintPlaces, type FingerprintPlace } from '../../domain/fingerprint/fingerprint-places';
import { deepFreeze } from '../../domain/fingerprint/frozen-memo';
import { currentFingerprint, type StoredFingerprint } from '../../domain/fingerprint/fingerprint-upgrade';
import type { LocationEvent } from '../../domain/location';
import { randomBytes } from 'node:crypto';
import { sql, type Expression } from 'kysely';
import { compiledFamily, compileStatement } from './compiled-statement';
import type { Executor } from './executor';
import { fromJson } from './executor';
import { fingerprintJson } from './fingerprint-json';
import { keptFingerprint, parsedFingerprint, rememberFingerprint } from './parsed-fingerprints';

interface InstallationKey {
  tenantId: string;
  installationId: string;
}

const getFingerprint = compileStatement((db, a: InstallationKey) =>
  db
    .selectFrom('location_fingerprints')
    .select('fingerprint')
    .where('tenant_id', '=', a.tenantId)
    .where('installation_id', '=', a.installationId),
);

/**
 * The row's revision, and its text only when the revision is not `kept` (the one this process wrote
 * last and still holds parsed): SQLite reads a column when the expression needs it, so the ~340 KB of
 * a fingerprint at the cell cap stay on their overflow pages. A null `kept` or revision matches nothing.
 */
const getFingerprintUnlessKept = compileStatement((db, a: InstallationKey & { kept: string | null }) =>
  db
    .selectFrom('location_fingerprints')
    .select([
      'revision',
      sql<string | null>`case when revision = ${a.kept} then null else fingerprint end`.as('fingerprint'),
    ])
    .where('tenant_id', '=', a.tenantId)
    .where('installation_id', '=', a.installationId),
);

const saveFingerprint = compileStatement(
  (db, a: InstallationKey & { fingerprint: string; revision: string; at: number }) =>
    db
      .insertInto('location_fingerprints')
      .values({
        tenant_id: a.tenantId,
        installation_id: a.installationId,
        fingerprint: a.fingerprint,
        revision: a.revision,
        updated_at: a.at,
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'installation_id']).doUpdateSet((eb) => ({
          fingerprint: eb.ref('excluded.fingerprint'),
          revision: eb.ref('excluded.revision'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      ),
);

/**
 * Revisions unique across processes and restarts: a random prefix per process, then a counter. A row
 * erased and written again gets new ones, so a kept fingerprint never answers for a later row.
 */
const REVISION_PREFIX = randomBytes(9).toString('base64url');
let revisions = 0;
const nextRevision = () => `${REVISION_PREFIX}.${(revisions++).toString(36)}`;

/** The account's `limit` most recently used other installations' fingerprints, the installations a subquery. */
export const otherInstallationFingerprintsQuery = (
  db: Executor,
  a: {
    tenantId: string;
    accountId: string;
    exceptInstallationId: string;
    limit: number | Expression<number>;
  },
) =>
  db
    .selectFrom('location_fingerprints')
    .select('fingerprint')
    .where('tenant_id', '=', a.tenantId)
    .where('installation_id', 'in', (eb) =>
      eb
        .selectFrom('installation_accounts')
        .select('installation_id')
        .where('tenant_id', '=', a.tenantId)
        .where('account_id', '=', a.accountId)
        .where('installation_id', '!=', a.exceptInstallationId)
        .orderBy('last_seen_at', 'desc')
        .limit(a.limit),
    );
/**
 * SQLite: one statement per limit, the limit written into its SQL. A LIMIT that is a bound parameter
 * makes SQLite prepare the statement again on every run (its planner reads the value, which marks the
 * parameter as one whose every new binding expires the statement): ≈ 6 µs a run measured alone, 2.7 %
 * of a payment's instructions (docs/BENCHMARKS.md, "SQLite payment, eighth capacity session").
 */
const otherInstallationFingerprints = compiledFamily(
  (limit: number) => (db, a: { tenantId: string; accountId: string; exceptInstallationId: string }) =>
    otherInstallationFingerprintsQuery(db, {
      tenantId: a.tenantId,
      accountId: a.accountId,
      exceptInstallationId: a.exceptInstallationId,
      limit: sql.lit(limit),
    }),
);

/** Another installation's stored fingerprint, parsed and upgraded (not kept: parsed-fingerprints.ts keeps assessed ones). */
export const otherFingerprintOf = (json: string): LocationFingerprint =>
  currentFingerprint(fromJson<StoredFingerprint>(json));

export function makeFingerprintRepo(db: Executor) {
  /** The stored fingerprint, shared and frozen (parsed-fingerprints.ts): read it, never change it. */
  async function get(tenantId: string, installationId: string): Promise<LocationFingerprint | null> {
    const row = await getFingerprint.first(db, { tenantId, installationId });
    return row ? parsedFingerprint(tenantId, installationId, row.fingerprint) : null;
  }

  async function save(
    tenantId: string,
    installationId: string,
    fingerprint: LocationFingerprint,
    at: number,
  ) {
    await saveFingerprint.execute(db, {
      tenantId,
      installationId,
      fingerprint: fingerprintJson(fingerprint),
      revision: nextRevision(),
      at,
    });
  }

  /** The stored fingerprint for the fold: the one kept from this process's last write when it still is. */
  async function current(tenantId: string, installationId: string): Promise<LocationFingerprint | null> {
    const kept = keptFingerprint(tenantId, installationId);
    const row = await getFingerprintUnlessKept.first(db, {
      tenantId,
      installationId,
      kept: kept?.revision ?? null,
    });
    if (!row) return null;
    if (row.fingerprint !== null) return parsedFingerprint(tenantId, installationId, row.fingerprint);
    if (!kept) throw new Error(`fingerprint of ${installationId}: no text and no kept revision`);
    return kept.fingerprint;
  }

  return {
    get,
    save,

    /**
     * Folds new events into the stored fingerprint. Call inside the ingestion transaction after the
     * installation row was upserted: that row lock serialises concurrent batches of one installation.
     */
    async addEvents(tenantId: string, installationId: string, events: readonly LocationEvent[], at: number) {
      if (events.length === 0) return;
      // Frozen (at once when it is the one kept from the last batch), so that the fold freezes only
      // what it makes, and the cells the next batch leaves alone keep their text (fingerprint-json.ts).
      const stored = deepFreeze((await current(tenantId, installationId)) ?? emptyFingerprint());
      const next = updateFrozenFingerprint(stored, events);
      const json = fingerprintJson(next, stored);
      const revision = nextRevision();
      await saveFingerprint.execute(db, { tenantId, installationId, fingerprint: json, revision, at });
      // The next batch of this installation finds this revision, its next assessment this text: unparsed.
      rememberFingerprint(tenantId, installationId, json, next, revision);
    },

    /**
     * Fingerprints of the account's `limit` most recently used other installations (those that have one),
     * in one statement: the installations are a subquery, not a round trip of their own.
     */
    async ofOtherInstallationsOfAccount(
      tenantId: string,
      accountId: string,
      exceptInstallationId: string,
      limit: number,
    ): Promise<LocationFingerprint[]> {
      const rows = await otherInstallationFingerprints(limit).rows(db, {
        tenantId,
        accountId,
        exceptInstallationId,
      });
      return rows.map((r) => otherFingerprintOf(r.fingerprint));
    },

    /** The installation's places (home, work, trusted, frequent) with coordinates and visits — for the console map. */
    async placesOf(tenantId: string, installationId: string): Promise<FingerprintPlace[]> {
      const fp = await get(tenantId, installationId);
      return fp ? fingerprintPlaces(fp) : [];
    },
  };
}
export type FingerprintRepo = ReturnType<typeof makeFingerprintRepo>;
