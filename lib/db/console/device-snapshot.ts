import type { Device } from '../../contracts/console/common';
import type { Executor } from '../repositories/executor';
import { installationSummaries } from './installation-summaries';

/** The device panel: what the SDK last reported, the accounts seen on it and its other installations. */
export async function loadDeviceSnapshot(
  db: Executor,
  tenantId: string,
  installationId: string,
): Promise<Device | null> {
  const [summary] = await installationSummaries(db, tenantId, [installationId]);
  if (!summary) return null;
  // One indexed lookup per column: `installation_id = ? OR device_id = ?` scans the tenant on SQLite.
  const accountsBy = (column: 'installation_id' | 'device_id', value: string) =>
    db
      .selectFrom('installation_accounts')
      .select('account_id')
      .where('tenant_id', '=', tenantId)
      .where(column, '=', value)
      .limit(50)
      .execute();
  const accountRows = [
    ...(await accountsBy('installation_id', installationId)),
    ...(summary.device_id ? await accountsBy('device_id', summary.device_id) : []),
  ];
  const accounts = [...new Set(accountRows.map((a) => a.account_id))].slice(0, 50);
  const others = summary.device_id
    ? await db
        .selectFrom('installations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('device_id', '=', summary.device_id)
        .where('installation_id', '!=', installationId)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  return { ...summary, accounts, other_installations: Number(others.n) };
}
