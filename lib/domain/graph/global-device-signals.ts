import { deviceFraudReputation } from '../feedback/device-fraud-reputation';
import { FRAUD_CONFIRMING_EVENTS, type FeedbackRecord } from '../feedback/feedback-events';
import type { LocationFingerprint } from '../fingerprint/location-fingerprint';
import { NO_GLOBAL_SIGNALS, type GlobalDeviceSignals } from './device-graph';
import { MAX_ACCOUNTS_PER_DEVICE, MAX_INSTALLATIONS_PER_DEVICE } from './graph-reasons';

const DAY_MS = 86_400_000;

/**
 * How far other tenants' data may reach into a verdict (docs/RISK.md "Global signals"). A device_id is
 * whatever the SDK claims, so it links nothing by itself: the service must also have seen both
 * installations in the same place on the same days. One tenant never suffices, whatever it sends;
 * each tenant's share of a count is capped so that only several tenants together can cross a
 * threshold; fraud reports fade with age.
 */
export const GLOBAL_SIGNAL_RULE = {
  /** Distinct other tenants that must each show a signal before it counts. */
  minTenants: 2,
  /** (H3 cell, local day) pairs two installations' fingerprints must share to be one device. */
  minSharedCellDays: 2,
  /** A tenant's share of a global count: at most the local threshold, so one tenant alone never crosses it. */
  perTenantAccounts: MAX_ACCOUNTS_PER_DEVICE,
  perTenantInstallations: MAX_INSTALLATIONS_PER_DEVICE,
  /** A fraud report's weight halves every 90 days (counted from when the service received it). */
  fraudHalfLifeMs: 90 * DAY_MS,
  /** Summed weight of the fraud-reporting tenants needed: two fresh reports weigh ~2, two 90-day-old ones 1. */
  minFraudWeight: 1,
} as const;

/** One installation of another tenant that claims the same device_id, as the repository hands it over. */
export interface OtherTenantInstallation {
  /** Which other tenant, as an opaque number (equal for the same tenant within one read): never its id. */
  tenant: number;
  fingerprint: LocationFingerprint | null;
  /** Distinct accounts seen on this installation. */
  accounts: number;
  /** That tenant's feedback about this installation; `occurredAt` is never later than when it arrived. */
  feedback: readonly FeedbackRecord[];
}

export interface OwnDevice {
  fingerprint: LocationFingerprint;
  /** This tenant's feedback about the installation: its own analysts outrank other tenants. */
  feedback: readonly FeedbackRecord[];
}

/**
 * Other tenants' signals about this installation's device under GLOBAL_SIGNAL_RULE: only installations
 * the service saw where this one was, only from at least `minTenants` tenants, each tenant's share capped.
 */
export function globalDeviceSignals(
  own: OwnDevice,
  others: readonly OtherTenantInstallation[],
  now: number,
): GlobalDeviceSignals {
  const byTenant = new Map<number, OtherTenantInstallation[]>();
  for (const other of others) {
    if (!other.fingerprint || !sameDevice(own.fingerprint, other.fingerprint)) continue;
    byTenant.set(other.tenant, [...(byTenant.get(other.tenant) ?? []), other]);
  }
  if (byTenant.size < GLOBAL_SIGNAL_RULE.minTenants) return NO_GLOBAL_SIGNALS;
  const tenants = [...byTenant.values()];
  const sum = (share: (linked: OtherTenantInstallation[]) => number) =>
    tenants.reduce((total, linked) => total + share(linked), 0);
  return {
    installations: sum((linked) => Math.min(linked.length, GLOBAL_SIGNAL_RULE.perTenantInstallations)),
    accounts: sum((linked) =>
      Math.min(
        linked.reduce((n, i) => n + i.accounts, 0),
        GLOBAL_SIGNAL_RULE.perTenantAccounts,
      ),
    ),
    confirmedFraud: deviceFraudReputation(own.feedback, now) !== 'allowed' && corroboratedFraud(tenants, now),
  };
}

/**
 * The service saw both installations in the same ~66 m cell on the same local day, at least
 * `minSharedCellDays` times: what one device in two apps does, and what a bare claimed id cannot.
 */
export function sameDevice(a: LocationFingerprint, b: LocationFingerprint): boolean {
  const [small, large] =
    Object.keys(a.cells).length <= Object.keys(b.cells).length ? [a.cells, b.cells] : [b.cells, a.cells];
  let shared = 0;
  for (const [key, cell] of Object.entries(small)) {
    const other = large[key];
    if (!other) continue;
    const days = new Set(other.days);
    for (const day of cell.days) {
      if (days.has(day) && ++shared >= GLOBAL_SIGNAL_RULE.minSharedCellDays) return true;
    }
  }
  return false;
}

/** At least `minTenants` tenants each still hold the device for fraud, their decayed weights summing enough. */
function corroboratedFraud(tenants: readonly OtherTenantInstallation[][], now: number): boolean {
  const weights = tenants.flatMap((linked) => {
    const feedback = linked.flatMap((i) => i.feedback).sort((x, y) => x.occurredAt - y.occurredAt);
    if (deviceFraudReputation(feedback, now) !== 'confirmed_fraud') return [];
    const newest = Math.max(
      ...feedback
        .filter((f) => FRAUD_CONFIRMING_EVENTS.has(f.event) && (f.expiresAt === null || f.expiresAt > now))
        .map((f) => f.occurredAt),
    );
    return [0.5 ** (Math.max(0, now - newest) / GLOBAL_SIGNAL_RULE.fraudHalfLifeMs)];
  });
  return (
    weights.length >= GLOBAL_SIGNAL_RULE.minTenants &&
    weights.reduce((a, b) => a + b, 0) >= GLOBAL_SIGNAL_RULE.minFraudWeight
  );
}
