import { describe, expect, it } from 'vitest';
import type { FeedbackRecord } from '../../../lib/domain/feedback/feedback-events';
import { emptyFingerprint, updateFingerprint } from '../../../lib/domain/fingerprint/location-fingerprint';
import { NO_GLOBAL_SIGNALS } from '../../../lib/domain/graph/device-graph';
import {
  GLOBAL_SIGNAL_RULE,
  globalDeviceSignals,
  sameDevice,
  type OtherTenantInstallation,
} from '../../../lib/domain/graph/global-device-signals';
import type { LatLng } from '../../../lib/domain/location';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1, 12);
const HOME = { lat: -23.5614, lng: -46.6559 };
const FAR = { lat: -22.9068, lng: -43.1729 };

/** One fix a day at `at`, on each of the `days` days before NOW. */
function seenAt(at: LatLng, days: number) {
  return updateFingerprint(
    emptyFingerprint(),
    Array.from({ length: days }, (_, i) => ({
      ts: NOW - (i + 1) * DAY,
      lat: at.lat,
      lng: at.lng,
      accuracyM: 10,
      source: 'gps' as const,
      mock: false,
    })),
  );
}

const own = { fingerprint: seenAt(HOME, 5), feedback: [] };
const fraud = (ageDays: number): FeedbackRecord => ({
  event: 'identity_fraud',
  occurredAt: NOW - ageDays * DAY,
  expiresAt: null,
});
const other = (tenant: number, extra: Partial<OtherTenantInstallation> = {}): OtherTenantInstallation => ({
  tenant,
  fingerprint: seenAt(HOME, 5),
  accounts: 1,
  feedback: [],
  ...extra,
});

describe('global device signals', () => {
  it('one tenant alone changes nothing, however many installations, accounts and reports it brings', () => {
    const flood = Array.from({ length: 50 }, () =>
      other(0, { accounts: 40, feedback: [fraud(0), fraud(0)] }),
    );
    expect(globalDeviceSignals(own, flood, NOW)).toEqual(NO_GLOBAL_SIGNALS);
  });

  it('links only installations the service saw in the same cell on enough of the same days', () => {
    expect(sameDevice(seenAt(HOME, 5), seenAt(HOME, 2))).toBe(true);
    expect(sameDevice(seenAt(HOME, 5), seenAt(HOME, 1))).toBe(false); // one shared cell-day is not enough
    expect(sameDevice(seenAt(HOME, 5), seenAt(FAR, 5))).toBe(false);
    expect(sameDevice(seenAt(HOME, 5), emptyFingerprint())).toBe(false);
    const claimedOnly = [
      other(0, { feedback: [fraud(0)] }),
      other(1, { fingerprint: seenAt(FAR, 5), feedback: [fraud(0)] }),
    ];
    expect(globalDeviceSignals(own, claimedOnly, NOW)).toEqual(NO_GLOBAL_SIGNALS);
  });

  it('caps each tenant’s share of a count at the local threshold, so only several tenants cross it', () => {
    const many = (tenant: number) => Array.from({ length: 10 }, () => other(tenant, { accounts: 9 }));
    const signals = globalDeviceSignals(own, [...many(0), ...many(1)], NOW);
    expect(signals.installations).toBe(2 * GLOBAL_SIGNAL_RULE.perTenantInstallations);
    expect(signals.accounts).toBe(2 * GLOBAL_SIGNAL_RULE.perTenantAccounts);
    expect(signals.confirmedFraud).toBe(false);
  });

  it('needs fraud confirmed by two tenants, fading with a 90-day half-life', () => {
    const reports = (a: number, b: number) => [
      other(0, { feedback: [fraud(a)] }),
      other(1, { feedback: [fraud(b)] }),
    ];
    expect(globalDeviceSignals(own, reports(0, 0), NOW).confirmedFraud).toBe(true);
    expect(globalDeviceSignals(own, reports(90, 90), NOW).confirmedFraud).toBe(true); // 0.5 + 0.5
    expect(globalDeviceSignals(own, reports(120, 120), NOW).confirmedFraud).toBe(false);
    expect(globalDeviceSignals(own, [other(0, { feedback: [fraud(0)] }), other(1)], NOW).confirmedFraud).toBe(
      false,
    );
  });

  it('forgets a tenant’s report after its reset or expiry, and yields to the tenant’s own trust', () => {
    const reset: FeedbackRecord = { event: 'reset', occurredAt: NOW - DAY, expiresAt: null };
    const expired: FeedbackRecord = { ...fraud(5), expiresAt: NOW - DAY };
    const withReset = [other(0, { feedback: [fraud(2), reset] }), other(1, { feedback: [fraud(0)] })];
    expect(globalDeviceSignals(own, withReset, NOW).confirmedFraud).toBe(false);
    const withExpired = [other(0, { feedback: [expired] }), other(1, { feedback: [fraud(0)] })];
    expect(globalDeviceSignals(own, withExpired, NOW).confirmedFraud).toBe(false);
    const trusted = {
      ...own,
      feedback: [{ event: 'device_allowed', occurredAt: NOW, expiresAt: null } as const],
    };
    const both = [other(0, { feedback: [fraud(0)] }), other(1, { feedback: [fraud(0)] })];
    expect(globalDeviceSignals(trusted, both, NOW).confirmedFraud).toBe(false);
  });
});
