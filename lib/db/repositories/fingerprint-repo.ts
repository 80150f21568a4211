import {
  emptyFingerprint,
  updateFingerprint,
  type LocationFingerprint,
} from '../../domain/fingerprint/location-fingerprint';
import { fingerprintPlaces, type FingerprintPlace } from '../../domain/fingerprint/fingerprint-places';
import { currentFingerprint, type StoredFingerprint } from '../../domain/fingerprint/fingerprint-upgrade';
import type { LocationEvent } from '../../domain/location';
import type { Executor } from './executor';
import { fromJson, toJson } from './executor';

export function makeFingerprintRepo(db: Executor) {
  async function get(tenantId: string, installationId: string): Promise<LocationFingerprint | null> {
    const row = await db
      .selectFrom('location_fingerprints')
      .select('fingerprint')
      .where('tenant_id', '=', tenantId)
      .where('installation_id', '=', installationId)
      .executeTakeFirst();
    return row ? currentFingerprint(fromJson<StoredFingerprint>(row.fingerprint)) : null;
  }

  async function save(
    tenantId: string,
    installationId: string,
    fingerprint: LocationFingerprint,
    at: number,
  ) {
    await db
      .insertInto('location_fingerprints')
      .values({
        tenant_id: tenantId,
        installation_id: installationId,
        fingerprint: toJson(fingerprint),
        updated_at: at,
      })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'installation_id'])
          .doUpdateSet({ fingerprint: toJson(fingerprint), updated_at: at }),
      )
      .execute();
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
      const current = (await get(tenantId, installationId)) ?? emptyFingerprint();
      await save(tenantId, installationId, updateFingerprint(current, events), at);
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
      const rows = await db
        .selectFrom('location_fingerprints')
        .select('fingerprint')
        .where('tenant_id', '=', tenantId)
        .where('installation_id', 'in', (eb) =>
          eb
            .selectFrom('installation_accounts')
            .select('installation_id')
            .where('tenant_id', '=', tenantId)
            .where('account_id', '=', accountId)
            .where('installation_id', '!=', exceptInstallationId)
            .orderBy('last_seen_at', 'desc')
            .limit(limit),
        )
        .execute();
      return rows.map((r) => currentFingerprint(fromJson<StoredFingerprint>(r.fingerprint)));
    },

    /** The installation's places (home, work, trusted, frequent) with coordinates and visits — for the console map. */
    async placesOf(tenantId: string, installationId: string): Promise<FingerprintPlace[]> {
      const fp = await get(tenantId, installationId);
      return fp ? fingerprintPlaces(fp) : [];
    },
  };
}
export type FingerprintRepo = ReturnType<typeof makeFingerprintRepo>;
