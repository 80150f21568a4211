import { describe, expect, it } from 'vitest';
import type { DeclaredLocation } from '../../../lib/domain/address';
import { PAYMENT_MODEL, SIGNUP_MODEL } from '../../../lib/domain/model/trained-models';
import type { RiskModel } from '../../../lib/domain/model/risk-model';
import { assessPayment } from '../../../lib/domain/payment/assess-payment';
import { assessSignup } from '../../../lib/domain/signup/assess-signup';
import type { AssessedRow } from '../../../lib/eval/assessed-row';
import { rescoreRows } from '../../../lib/eval/rescore-rows';
import { commuter, DAY, historyOf, HOME, HOUR, livedDays, preciseAddress, T0 } from '../risk/trajectories';

const base: Omit<AssessedRow, 'kind' | 'features' | 'probability' | 'verdict' | 'decidedBy'> = {
  installationId: 'i',
  scenario: 's',
  label: 'honest',
  atHome: true,
  daysOfData: 1,
  world: 'w',
  life: '',
  phone: '',
  app: '',
  reasons: [],
};

describe('rescoring rows with the models that assessed them', () => {
  it('reproduces the engine: a thin signup’s probability without its address features, a disputed low_risk', () => {
    const events = livedDays(10, commuter, 41);
    const now = T0 + 9 * DAY + 21 * HOUR;
    const coarse: DeclaredLocation = {
      ...preciseAddress(HOME),
      point: { lat: 27.7, lng: 85.3 },
      uncertaintyM: 10_000,
      addressMatch: 'city',
      geocodeQuality: 'poor',
    };
    const signup = assessSignup({ declared: coarse, otherDeclared: [], now }, historyOf(events));
    const lenient: RiskModel = { ...PAYMENT_MODEL, weights: PAYMENT_MODEL.features.map(() => 0), bias: -6 };
    const oneEvening = livedDays(1, () => [{ at: HOME, from: 18, to: 23 }], 42);
    const payment = assessPayment(
      { type: 'payment', addresses: [], amount: 10, now: T0 + 23 * HOUR, model: lenient },
      historyOf(oneEvening),
      { knownAccount: false, firstSeenOnDeviceAt: null, otherFingerprints: [], transactionSums: [] },
    );
    expect(payment.riskAssessment).toBe('unknown_risk');
    const rows: AssessedRow[] = [
      {
        ...base,
        kind: 'signup',
        features: signup.features ?? {},
        probability: signup.probability ?? 0,
        verdict: signup.riskAssessment,
        decidedBy: signup.decidedBy ?? 'model',
        contradiction: signup.contradiction ?? null,
      },
      {
        ...base,
        kind: 'payment',
        features: payment.features,
        probability: payment.probability,
        verdict: payment.riskAssessment,
        decidedBy: payment.decidedBy,
        lowDispute: payment.lowDispute,
      },
    ];
    const again = rescoreRows(rows, { signup: SIGNUP_MODEL, payment: lenient });
    expect(again.map((r) => r.verdict)).toEqual(rows.map((r) => r.verdict));
    for (const [i, r] of again.entries()) expect(r.probability).toBeCloseTo(rows[i]!.probability, 12);
  });
});
