import { sql } from 'kysely';
import type { Executor } from './executor';

/** An installation with signups inside their reassessment window. */
export interface OpenInstallation {
  tenantId: string;
  installationId: string;
  open: number;
}

/** Open signups around an installation: its own (`own`), and per installation of its device (`onDevice`). */
export interface OpenNear {
  own: number;
  onDevice: OpenInstallation[];
}

export interface OpenNearArgs {
  tenantId: string;
  installationId: string;
  deviceId: string | null;
  now: number;
}

/**
 * Signups still inside their reassessment window, grouped per installation: the installation's own
 * (`own` 1) and, of any tenant, those of the installations on `deviceId` (none for null).
 */
export function openSignupsNearQuery(db: Executor, a: OpenNearArgs) {
  const open = (own: 0 | 1) =>
    db
      .selectFrom('signups')
      .select((eb) => [
        'tenant_id',
        'installation_id',
        eb.fn.countAll<number>().as('n'),
        eb.lit(own).as('own'),
      ])
      .where('reassess_until', '>=', a.now)
      .groupBy(['tenant_id', 'installation_id']);
  return open(1)
    .where('tenant_id', '=', a.tenantId)
    .where('installation_id', '=', a.installationId)
    .unionAll(open(0).where('device_id', '=', a.deviceId as string));
}

/**
 * Whether no signups are open near the installation (the rows of `openSignupsNearQuery` would be none),
 * as two NOT EXISTS probes that stop at the first open signup each. PostgreSQL's generic plan of the
 * grouped query's device arm can be a BitmapAnd of `signups_device` with `signups_installation` on
 * `reassess_until` alone, which reads the whole index whenever the device has signups (docs/BENCHMARKS.md,
 * "PostgreSQL statements, tenth capacity session"); an EXISTS is planned for its first row.
 */
export function noOpenSignupsNear(db: Executor, a: OpenNearArgs) {
  const open = () =>
    db.selectFrom('signups').select(sql.lit(1).as('one')).where('reassess_until', '>=', a.now);
  const own = open().where('tenant_id', '=', a.tenantId).where('installation_id', '=', a.installationId);
  // Any tenant's, as in `openSignupsNearQuery`; a null device id matches nothing.
  const onDevice = open().where('device_id', '=', a.deviceId as string);
  return sql<boolean>`not exists (${own}) and not exists (${onDevice})`;
}

/** The rows of `openSignupsNearQuery`, counted. */
export function openNearOf(
  rows: readonly { tenant_id: string; installation_id: string; n: unknown; own: unknown }[],
): OpenNear {
  const onDevice: OpenInstallation[] = [];
  let own = 0;
  for (const r of rows) {
    if (Number(r.own) === 1) own = Number(r.n);
    else onDevice.push({ tenantId: r.tenant_id, installationId: r.installation_id, open: Number(r.n) });
  }
  return { own, onDevice };
}
