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
