import type { AccountHistory } from '../domain/payment/assess-payment';
import type { Repos } from '../db/repositories/index';

/** How many of the account's other installations lend their places to its fingerprint. */
const OTHER_INSTALLATIONS_LIMIT = 5;

/** What is known about the account on this device and elsewhere, before the current transaction. */
export async function loadAccountHistory(
  repos: Repos,
  tenantId: string,
  installationId: string,
  deviceId: string | null,
  accountId: string,
): Promise<AccountHistory> {
  const [firstSeen, otherFingerprints, sums] = await Promise.all([
    repos.installations.accountFirstSeenOnDevice(tenantId, installationId, deviceId, accountId),
    repos.fingerprints.ofOtherInstallationsOfAccount(
      tenantId,
      accountId,
      installationId,
      OTHER_INSTALLATIONS_LIMIT,
    ),
    repos.transactions.paymentSums(tenantId, installationId),
  ]);
  return {
    knownAccount: firstSeen !== null,
    firstSeenOnDeviceAt: firstSeen,
    otherFingerprints,
    transactionSums: sums,
  };
}
