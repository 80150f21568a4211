import type { RelatedCases } from '../../contracts/console/entities';
import type { LatLng } from '../../domain/location';
import type { Executor } from '../repositories/executor';
import { casesNearAddress } from './address-neighbours';
import { newestFirst, paymentRefs, signupRefs } from './case-refs';

const SECTION_LIMIT = 20;

/** The installations of a device: all that share its device id, else just this one. */
export async function deviceInstallations(
  db: Executor,
  tenantId: string,
  installationId: string | null,
  deviceId: string | null,
): Promise<string[]> {
  if (!deviceId) return installationId ? [installationId] : [];
  const rows = await db
    .selectFrom('installations')
    .select('installation_id')
    .where('tenant_id', '=', tenantId)
    .where('device_id', '=', deviceId)
    .limit(50)
    .execute();
  return [...new Set([...(installationId ? [installationId] : []), ...rows.map((r) => r.installation_id)])];
}

/** Accounts seen on any of the installations. */
export async function accountsOn(
  db: Executor,
  tenantId: string,
  installationIds: string[],
): Promise<string[]> {
  if (installationIds.length === 0) return [];
  const rows = await db
    .selectFrom('installation_accounts')
    .select('account_id')
    .where('tenant_id', '=', tenantId)
    .where('installation_id', 'in', installationIds)
    .limit(50)
    .execute();
  return [...new Set(rows.map((r) => r.account_id))];
}

/**
 * "Other cases on this device / account / address": the device's other signups and payments, the
 * account's payments on other devices, and cases at the same address — each case listed once, in the
 * closest section, never the case itself.
 */
export async function loadRelatedCases(
  db: Executor,
  tenantId: string,
  of: {
    caseId: string;
    installationId: string | null;
    deviceId: string | null;
    accountIds: string[];
    address: LatLng | null;
  },
): Promise<RelatedCases> {
  const installations = await deviceInstallations(db, tenantId, of.installationId, of.deviceId);
  const accounts = [...new Set([...of.accountIds, ...(await accountsOn(db, tenantId, installations))])];
  const [signups, payments, accountPayments, atAddress] = await Promise.all([
    signupRefs(db, tenantId, 'installation_id', installations),
    paymentRefs(db, tenantId, 'installation_id', installations),
    paymentRefs(db, tenantId, 'account_id', accounts),
    of.address ? casesNearAddress(db, tenantId, of.address) : Promise.resolve([]),
  ]);
  const shown = new Set([of.caseId]);
  const take = (refs: typeof signups) => {
    const fresh = refs
      .filter((r) => !shown.has(r.id))
      .sort(newestFirst)
      .slice(0, SECTION_LIMIT);
    for (const r of fresh) shown.add(r.id);
    return fresh;
  };
  const device = take([...signups, ...payments]);
  const account = take(accountPayments);
  return { device, account, address: take(atAddress) };
}
