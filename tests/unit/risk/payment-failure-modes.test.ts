import { describe, expect, it } from 'vitest';
import type { LocationEvent } from '../../../lib/domain/location';
import { emptyFingerprint, updateFingerprint } from '../../../lib/domain/fingerprint/location-fingerprint';
import { assessPayment, type AccountHistory } from '../../../lib/domain/payment/assess-payment';
import {
  commuter,
  DAY,
  historyOf,
  HOME,
  HOUR,
  livedDays,
  MINUTE,
  offset,
  preciseAddress,
  T0,
  type Stay,
  WORK,
} from './trajectories';

/**
 * The payment side of issue 10's failure modes, with the committed model: each of these failed on the
 * engine before it (a moved access point made two teleports; a takeover in the victim's own city on a
 * new phone passed because it was under 5 km from the victim's places).
 */

const DAYS = 14;
/** The account's first phone: two weeks of a commuter's life. */
const oldPhone = livedDays(DAYS, commuter, 21);
/** The second installation arrived 10 hours before the payment. */
const now = T0 + (DAYS - 1) * DAY + 20 * HOUR;
const arrived = now - 10 * HOUR;

const onNewInstallation = (): AccountHistory => ({
  knownAccount: true,
  firstSeenOnDeviceAt: arrived,
  otherFingerprints: [updateFingerprint(emptyFingerprint(), oldPhone)],
  transactionSums: [],
});

/** Fixes of a phone that spends the last 10 hours at `stays` (hours of the last day). */
const lastHours = (stays: Stay[], seed: number) =>
  livedDays(DAYS, (day) => (day === DAYS - 1 ? stays : []), seed).filter((e) => e.ts >= arrived);

const pay = (events: LocationEvent[], account: AccountHistory) =>
  assessPayment({ type: 'payment', addresses: [], amount: 120, now }, historyOf(events), account);

describe('payment failure modes', () => {
  it('catches a takeover on a new phone in the victim’s own city, and lets the owner’s new phone pay', () => {
    // The attacker stays 4 km from the victim's home and from the victim's work, and pays from there.
    const lair = offset(HOME, -4_000, 1_000);
    const attacker = lastHours([{ at: lair, from: 10, to: 20 }], 22);
    const takeover = pay(attacker, onNewInstallation());
    expect(takeover.riskAssessment).toBe('high_risk');
    // The owner's own new phone, bought this morning: at home, at work, home again, where the old
    // phone lived; it pays from home.
    const owner = lastHours(
      [
        { at: HOME, from: 10, to: 11 },
        { at: WORK, from: 11.5, to: 18 },
        { at: HOME, from: 18.5, to: 20 },
      ],
      23,
    );
    expect(pay(owner, onNewInstallation()).features.device_away_share).toBe(0);
    expect(pay(owner, onNewInstallation()).riskAssessment).not.toBe('high_risk');
  });

  it('a moved access point answering three times does not make a payment riskier', () => {
    const clean = livedDays(DAYS, commuter, 24);
    // At 20:30 on day 10, at home: the same wrong wifi position 300 km away (an access point the
    // database places in another city) three times in a row, between fixes at home.
    const at = T0 + 10 * DAY + 20.5 * HOUR;
    const wrong = offset(HOME, 300_000, 0);
    const router: LocationEvent[] = [0, 2, 4].map((m) => ({
      ...wrong,
      ts: at + m * MINUTE,
      accuracyM: 25,
      source: 'wifi',
      mock: false,
    }));
    const withRouter = [
      ...clean.filter((e) => e.ts < at - 3 * MINUTE),
      { ...HOME, ts: at - 2 * MINUTE, accuracyM: 10, source: 'gps' as const, mock: false },
      ...router,
      { ...HOME, ts: at + 6 * MINUTE, accuracyM: 12, source: 'gps' as const, mock: false },
      { ...HOME, ts: at + 9 * MINUTE, accuracyM: 30, source: 'wifi' as const, mock: false },
      ...clean.filter((e) => e.ts > at + 10 * MINUTE),
    ];
    const account: AccountHistory = {
      knownAccount: true,
      firstSeenOnDeviceAt: T0 + DAY,
      otherFingerprints: [],
      transactionSums: [],
    };
    const [before, after] = [pay(clean, account), pay(withRouter, account)];
    expect(after.features.jumps_log).toBe(0);
    expect(after.riskAssessment).toBe(before.riskAssessment);
    expect(after.riskAssessment).toBe('low_risk');
  });
});

describe('payment distances under the accuracy of the evidence', () => {
  it('a billing address 30 m from home and a payment within the fix’s accuracy of home are not away', () => {
    const events = livedDays(DAYS, commuter, 25);
    const last: LocationEvent = {
      ...offset(HOME, 60, 40),
      ts: now - 5 * MINUTE,
      accuracyM: 65,
      source: 'wifi',
      mock: false,
    };
    const billing = { ...preciseAddress(offset(HOME, 25, -15)) };
    const a = assessPayment(
      {
        type: 'payment',
        addresses: [{ type: 'billing', declared: billing, chargebackRates: null }],
        amount: 40,
        now,
      },
      historyOf([...events.filter((e) => e.ts < last.ts), last]),
      { knownAccount: true, firstSeenOnDeviceAt: T0 + DAY, otherFingerprints: [], transactionSums: [] },
    );
    expect(a.features).toMatchObject({
      trusted_distance_log: 0,
      address_distance_log: 0,
      address_unvisited: 0,
    });
    expect(a.riskAssessment).toBe('low_risk');
  });
});
