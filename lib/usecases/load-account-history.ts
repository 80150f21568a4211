import type { AccountHistory } from '../domain/payment/assess-payment';
import type { LocationEvent } from '../domain/location';
import type { Repos } from '../db/repositories/index';

/** How many of the account's other installations lend their places to its fingerprint. */
const OTHER_INSTALLATIONS_LIMIT = 5;
const EVENTS_PER_OTHER_INSTALLATION = 1_000;

/** What is known about the account on this device and elsewhere, before the current transaction. */
export async function loadAccountHistory(
  repos: Repos,
  tenantId: string,
  installationId: string,
  deviceId: string | null,
  accountId: string,
): Promise<AccountHistory> {
  const [firstSeen, others, sums] = await Promise.all([
    repos.installations.accountFirstSeenOnDevice(tenantId, installationId, deviceId, accountId),
    repos.installations.otherInstallationsOfAccount(tenantId, accountId, installationId, OTHER_INSTALLATIONS_LIMIT),
    repos.transactions.paymentSums(tenantId, installationId),
  ]);
  const otherEvents: LocationEvent[] = [];
  for (const other of others) {
    otherEvents.push(...(await repos.installations.recentEvents(tenantId, other, EVENTS_PER_OTHER_INSTALLATION)));
  }
  return {
    knownAccount: firstSeen !== null,
    firstSeenOnDeviceAt: firstSeen,
    otherInstallationEvents: otherEvents,
    transactionSums: sums,
  };
}
