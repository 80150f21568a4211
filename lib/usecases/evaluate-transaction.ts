import type { TransactionRequest } from '../contracts/transaction';
import type { DeviceHistory } from '../domain/device/device-history';
import { emptyFingerprint } from '../domain/fingerprint/location-fingerprint';
import { NO_GLOBAL_SIGNALS } from '../domain/graph/device-graph';
import {
  assessPayment,
  type AccountHistory,
  type PaymentAddress,
  type PaymentAssessment,
} from '../domain/payment/assess-payment';
import type { InStore } from '../domain/payment/store-presence';
import type { Repos } from '../db/repositories/index';
import type { PaymentHistoryRow } from '../db/repositories/device-history-repo';
import type { InstallationRecord } from '../db/repositories/installation-repo';
import { loadDeviceHistory } from './load-device-history';

export interface TransactionToEvaluate {
  tenantId: string;
  /** Null when the request named no installation we could identify: judged with no device history. */
  installationId: string | null;
  installation: InstallationRecord | null;
  /** The device's and the account's history when the caller read it with the installation row. */
  stored?: PaymentHistoryRow;
  request: TransactionRequest;
  addresses: PaymentAddress[];
  paymentValue: { amount: number; currency: string } | null;
  now: number;
}

/** How many of the account's other installations lend their places to its fingerprint. */
export const OTHER_INSTALLATIONS_LIMIT = 5;

/** Loads the device's and the account's history and judges the payment or login (the API and training share it). */
export async function evaluateTransaction(
  repos: Repos,
  t: TransactionToEvaluate,
): Promise<PaymentAssessment> {
  const { request, installation, installationId } = t;
  const deviceId = installation?.deviceId ?? null;
  const [stored, store, models] = await Promise.all([
    t.stored ??
      (installationId
        ? repos.deviceHistory.loadForPayment(
            t.tenantId,
            installationId,
            deviceId,
            request.account_id,
            OTHER_INSTALLATIONS_LIMIT,
          )
        : null),
    resolveStore(repos, t.tenantId, request),
    repos.thresholds.modelsFor(t.tenantId, t.now),
  ]);
  const history =
    stored && installationId
      ? await loadDeviceHistory(repos, t.tenantId, installation, installationId, t.now, stored)
      : NO_DEVICE;
  const account: AccountHistory = stored
    ? {
        knownAccount: stored.account.firstSeenOnDeviceAt !== null,
        firstSeenOnDeviceAt: stored.account.firstSeenOnDeviceAt,
        otherFingerprints: stored.account.otherFingerprints,
        transactionSums: stored.account.transactionSums,
      }
    : NO_ACCOUNT_ON_DEVICE;
  const value = request.type === 'payment' ? t.paymentValue : null;
  return assessPayment(
    {
      type: request.type,
      addresses: t.addresses,
      amount: value?.amount ?? null,
      store,
      now: t.now,
      model: models.payment,
    },
    history,
    { ...account, transactionSums: mergeSum(account.transactionSums, value) },
  );
}

/** An unidentified installation: nothing is known about the device, so nothing is pooled or linked. */
const NO_DEVICE: DeviceHistory = {
  device: null,
  fingerprint: emptyFingerprint(),
  eventCount: 0,
  graph: { accountsOnDevice: 0, installationsOnDevice: 1, global: NO_GLOBAL_SIGNALS },
  feedback: [],
};
const NO_ACCOUNT_ON_DEVICE: AccountHistory = {
  knownAccount: false,
  firstSeenOnDeviceAt: null,
  otherFingerprints: [],
  transactionSums: [],
};

/** `store_id` from the tenant's registry, else the request's `location`; an unknown store_id with no location is not in-store. */
async function resolveStore(
  repos: Repos,
  tenantId: string,
  request: TransactionRequest,
): Promise<InStore | null> {
  const storeId = request.store_id ?? null;
  const registered = storeId ? await repos.stores.find(tenantId, storeId) : null;
  if (registered) return { storeId, point: { lat: registered.lat, lng: registered.lng } };
  if (request.location)
    return { storeId, point: { lat: request.location.latitude, lng: request.location.longitude } };
  return null;
}

function mergeSum(
  sums: readonly { amount: number; currency: string }[],
  value: { amount: number; currency: string } | null,
) {
  if (!value) return [...sums];
  const found = sums.some((s) => s.currency === value.currency);
  const merged = sums.map((s) =>
    s.currency === value.currency ? { ...s, amount: s.amount + value.amount } : s,
  );
  return (found ? merged : [...merged, value]).map((s) => ({
    ...s,
    amount: Math.round(s.amount * 100) / 100,
  }));
}
