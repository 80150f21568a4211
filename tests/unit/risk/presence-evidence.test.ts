import { describe, expect, it } from 'vitest';
import type { DeclaredLocation } from '../../../lib/domain/address';
import type { LocationEvent } from '../../../lib/domain/location';
import type { RiskModel } from '../../../lib/domain/model/risk-model';
import { PAYMENT_MODEL } from '../../../lib/domain/model/trained-models';
import { assessPayment, type AccountHistory } from '../../../lib/domain/payment/assess-payment';
import { assessSignup } from '../../../lib/domain/signup/assess-signup';
import {
  commuter,
  DAY,
  historyOf,
  HOME,
  HOUR,
  livedDays,
  offset,
  preciseAddress,
  T0,
  WORK,
} from './trajectories';

/**
 * What presence says beyond raw distance (issue 10): a device with weeks of nights at a home of its own
 * and not one day near the declared address does not live there — while a workplace, an address placed
 * only at a city's centre and a payment with nothing to compare with are judged by what is known.
 */

const DAYS = 21;
const now = T0 + (DAYS - 1) * DAY + 21 * HOUR;
const signupAt = (declared: DeclaredLocation, events: LocationEvent[]) =>
  assessSignup({ declared, otherDeclared: [], now }, historyOf(events));

describe('presence evidence of signups', () => {
  const commuterDays = livedDays(DAYS, commuter, 31);

  it('a neighbour’s address 700 m from where the device sleeps, never visited in three weeks, is scored well above its own home and workplace', () => {
    const neighbour = signupAt(preciseAddress(offset(HOME, 500, 490)), commuterDays);
    const home = signupAt(preciseAddress(HOME), commuterDays);
    const work = signupAt(preciseAddress(WORK), commuterDays);
    expect(neighbour.features?.absent_days_log).toBeCloseTo(Math.log1p(14));
    expect(neighbour.features?.home_elsewhere_log).toBeGreaterThan(Math.log1p(10));
    for (const own of [home, work]) {
      expect(own.features?.absent_days_log).toBe(0);
      expect(own.features?.home_elsewhere_log).toBe(0);
      expect(own.riskAssessment).toBe('low_risk');
      expect(neighbour.probability ?? 0).toBeGreaterThan(3 * (own.probability ?? 1));
    }
    expect(neighbour.riskAssessment).not.toBe('low_risk');
  });

  it('an app that reports only by day has no home elsewhere: its days, not missing nights, decide', () => {
    const sessions = (day: number) =>
      day % 7 < 5 ? [9.2, 12.5, 16.8].map((h) => ({ at: WORK, from: h, to: h + 0.25 })) : [];
    const events = livedDays(DAYS, sessions, 32);
    const remote = signupAt(preciseAddress(offset(WORK, 600, 600)), events);
    expect(remote.features?.home_elsewhere_log).toBe(0);
    expect(remote.features?.absent_days_log).toBeGreaterThan(0);
  });

  it('an address placed only at a city’s centre says nothing through its distance: the same probability near or 11,800 km away', () => {
    const coarse = (point: DeclaredLocation['point']): DeclaredLocation => ({
      ...preciseAddress(HOME),
      point,
      uncertaintyM: 10_000,
      addressMatch: 'city',
      geocodeQuality: 'poor',
    });
    const sameNameCity = signupAt(coarse({ lat: 27.7, lng: 85.3 }), commuterDays);
    const ownCity = signupAt(coarse(offset(HOME, 3_000, -2_000)), commuterDays);
    for (const s of [sameNameCity, ownCity]) {
      expect(s.riskAssessment).toBe('unknown_risk');
      expect(s.explanation?.thinEvidence).toBe('coarse_geocode');
    }
    expect(sameNameCity.probability).toBe(ownCity.probability);
  });
});

describe('a payment with nothing to compare with', () => {
  /** A model that calls every payment safe: only the evidence can stop a low_risk. */
  const lenient: RiskModel = {
    ...PAYMENT_MODEL,
    weights: PAYMENT_MODEL.features.map(() => 0),
    bias: -6,
    thresholds: { low: 0.1, high: 0.9 },
  };
  // One evening of fixes: no place is trusted before the device stood there on two days.
  const oneEvening = livedDays(1, () => [{ at: HOME, from: 18, to: 23 }], 33);
  const at = T0 + 23 * HOUR;
  const newAccount: AccountHistory = {
    knownAccount: false,
    firstSeenOnDeviceAt: null,
    otherFingerprints: [],
    transactionSums: [],
  };
  const pay = (addresses: DeclaredLocation[]) =>
    assessPayment(
      {
        type: 'payment',
        addresses: addresses.map((declared) => ({ type: 'billing', declared, chargebackRates: null })),
        amount: 60,
        now: at,
        model: lenient,
      },
      historyOf(oneEvening),
      newAccount,
    );

  it('is unknown_risk, not low_risk, when the account has no trusted place and the device was at none of its addresses', () => {
    for (const addresses of [[], [preciseAddress(offset(HOME, 3_000, 0))]]) {
      const payment = pay(addresses);
      expect(payment.riskAssessment).toBe('unknown_risk');
      expect(payment.explanation.thinEvidence).toBe('no_trusted_place');
      expect(payment.lowDispute).toBe('no_trusted_place');
    }
  });

  it('stays low_risk when the device stood at the payment’s address', () => {
    const payment = pay([preciseAddress(HOME)]);
    expect(payment.riskAssessment).toBe('low_risk');
    expect(payment.lowDispute).toBeNull();
  });
});
