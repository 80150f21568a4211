import { sql, type Expression } from 'kysely';
import type { DeclaredLocation } from '../../domain/address';
import { compileStatement } from './compiled-statement';
import type { Executor } from './executor';
import { fromJson } from './executor';

/** A geocoded address declared in a signup of the installation or its device. */
export interface DeclaredOnDevice {
  signupId: string;
  declared: DeclaredLocation;
}

interface InstallationKey {
  tenantId: string;
  installationId: string;
}

/** The device id: an argument, or the column of an installation row the statement reads. */
type DeviceOperand = string | Expression<string>;

/** Signups read at most (a signup is judged against at most 100 of the others). */
const DECLARED_LIMIT = 200;

/**
 * Geocoded addresses declared in the signups of the installation or its device: a UNION ALL of one
 * indexed lookup per column (an OR across the two columns would scan the whole tenant on SQLite; a
 * plain UNION costs SQLite more than the merge by id below); a null device id matches nothing. The
 * device's lookup leaves out the installation's own signups, which the first one found already: every
 * signup of the installation came twice, and PostgreSQL parsed each one's geocode twice into the JSON
 * array, and sent it twice (docs/BENCHMARKS.md, "PostgreSQL, seventh capacity session").
 */
const declaredSignups = (db: Executor, a: InstallationKey, deviceId: DeviceOperand) => {
  const by = (column: 'installation_id' | 'device_id', value: DeviceOperand) =>
    db
      .selectFrom('signups')
      .select(['id', 'geocode'])
      .where('tenant_id', '=', a.tenantId)
      .where(column, '=', value)
      .where('geocode', 'is not', null);
  return (
    by('installation_id', a.installationId)
      .unionAll(by('device_id', deviceId).where('installation_id', '!=', a.installationId))
      // Written into the SQL: a bound LIMIT makes SQLite prepare the statement again on every run (fingerprint-repo.ts).
      .limit(sql.lit(DECLARED_LIMIT))
  );
};

/** One entry per row: the two lookups are disjoint, so a row is a signup, its geocode read once. */
function bySignup<G>(
  rows: readonly { id: string; geocode: G }[],
  read: (geocode: G) => DeclaredLocation,
): DeclaredOnDevice[] {
  return rows.map((r) => ({ signupId: r.id, declared: read(r.geocode) }));
}

// A slot stands for the argument; `as string` because a null device id is passed as one too.
const declaredRows = compileStatement((db, a: InstallationKey & { deviceId: string | null }) =>
  declaredSignups(db, a, a.deviceId as string),
);

/**
 * SQLite: the declared addresses as rows of their own statement. In-process a statement costs
 * microseconds, and folded into the history statement as a JSON array (as on PostgreSQL) they cost
 * SQLite more than that (measured).
 */
export async function readDeclaredOnDevice(
  db: Executor,
  a: InstallationKey & { deviceId: string | null },
): Promise<DeclaredOnDevice[]> {
  const rows = await declaredRows.rows(db, a);
  return bySignup(rows, (geocode) => fromJson<DeclaredLocation>(geocode ?? 'null'));
}

/**
 * PostgreSQL: the declared addresses as ONE scalar subquery holding a JSON array, so that the
 * statement reading the rest of the device's history carries them (device-history-repo.ts): a
 * statement of its own was a round trip of its own. Read it with `declaredOnDeviceOf`.
 */
export function declaredOnDeviceSubquery(db: Executor, a: InstallationKey, deviceId: DeviceOperand) {
  return db
    .selectFrom(declaredSignups(db, a, deviceId).as('d'))
    .select(
      sql<unknown>`coalesce(json_agg(json_build_object('id', d.id, 'geocode', d.geocode::json)), '[]'::json)`.as(
        'list',
      ),
    )
    .as('declared_on_device');
}

/** The subquery's value (pg parses the JSON). */
export const declaredOnDeviceOf = (value: unknown): DeclaredOnDevice[] =>
  bySignup((value ?? []) as { id: string; geocode: DeclaredLocation }[], (geocode) => geocode);
