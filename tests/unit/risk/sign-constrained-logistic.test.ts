import { describe, expect, it } from 'vitest';
import { trainLogistic } from '../../../lib/domain/model/logistic-regression';
import { trainSignConstrained } from '../../../lib/domain/model/sign-constrained-logistic';
import {
  PAYMENT_FEATURES,
  PAYMENT_FEATURE_PRIORS,
  PAYMENT_FEATURE_SIGNS,
  unfamiliarDeviceFarAway,
} from '../../../lib/domain/payment/payment-features';
import {
  SIGNUP_FEATURES,
  SIGNUP_FEATURE_PRIORS,
  SIGNUP_FEATURE_SIGNS,
} from '../../../lib/domain/signup/signup-features';
import { PAYMENT_MODEL, SIGNUP_MODEL } from '../../../lib/domain/model/trained-models';

/** The label rises with a and falls with b: a fit constrained to b ≥ 0 must leave b at 0. */
function collinear() {
  const rows: number[][] = [];
  const labels: number[] = [];
  for (let i = 0; i < 300; i += 1) {
    const a = (i % 30) / 3;
    const b = ((i * 7) % 11) / 2;
    rows.push([a, b]);
    labels.push(a - 0.5 * b + ((i * 13) % 7) / 2 > 4 ? 1 : 0);
  }
  return { rows, labels };
}

describe('sign-constrained logistic regression', () => {
  const options = { l2: 1, iterations: 50 };

  it('keeps every signed weight on its side, and is deterministic', () => {
    const { rows, labels } = collinear();
    const free = trainLogistic(['a', 'b'], rows, labels, options);
    expect(Math.min(...free.weights)).toBeLessThan(0);
    const signs = { a: 1, b: 1 } as const;
    const m = trainSignConstrained(['a', 'b'], rows, labels, options, signs);
    expect(Math.min(...m.weights)).toBeGreaterThanOrEqual(0);
    expect(trainSignConstrained(['a', 'b'], rows, labels, options, signs)).toEqual(m);
  });

  it('pulls a weight the rows say nothing about towards its prior', () => {
    const { rows, labels } = collinear();
    // b never varies in training (a kind of fraud the rows do not contain): only the prior speaks for it.
    const silent = rows.map((r) => [r[0]!, 0]);
    const m = trainSignConstrained(['a', 'b'], silent, labels, options, { a: 1, b: 1 }, { b: 2 });
    const raw = (m.weights[1] as number) / (m.scales[1] as number);
    expect(raw).toBeCloseTo(2, 6);
  });

  it('declares a sign for every model feature; priors agree with the signs', () => {
    for (const [features, signs, priors] of [
      [SIGNUP_FEATURES, SIGNUP_FEATURE_SIGNS, SIGNUP_FEATURE_PRIORS],
      [PAYMENT_FEATURES, PAYMENT_FEATURE_SIGNS, PAYMENT_FEATURE_PRIORS],
    ] as const) {
      for (const f of features) expect(signs[f]).toBeDefined();
      for (const [f, p] of Object.entries(priors))
        expect(Math.sign(p) * (signs[f] ?? 0)).toBeGreaterThanOrEqual(0);
    }
  });

  it('ships models whose weights respect the declared signs and use no simulator artefacts', () => {
    for (const [model, signs] of [
      [SIGNUP_MODEL, SIGNUP_FEATURE_SIGNS],
      [PAYMENT_MODEL, PAYMENT_FEATURE_SIGNS],
    ] as const) {
      model.features.forEach((f, j) =>
        expect((signs[f] ?? 0) * (model.weights[j] as number)).toBeGreaterThanOrEqual(0),
      );
      for (const artefact of ['amount_log', 'is_login', 'probable_root', 'events_log_signup'])
        expect(model.features).not.toContain(artefact);
    }
  });
});

describe('unfamiliar device far away (account-takeover rule)', () => {
  const base = {
    no_elsewhere: 0,
    elsewhere_distance_log: Math.log10(1 + 20_000),
    account_age_log: Math.log1p(0.2),
  };

  it('fires for a device new to the account, far from every place the account trusts', () => {
    expect(unfamiliarDeviceFarAway(base)).toBe(true);
  });

  it('does not fire near the account places, on a device known for days, or without other installations', () => {
    expect(unfamiliarDeviceFarAway({ ...base, elsewhere_distance_log: Math.log10(1 + 1_000) })).toBe(false);
    expect(unfamiliarDeviceFarAway({ ...base, account_age_log: Math.log1p(72) })).toBe(false);
    expect(unfamiliarDeviceFarAway({ ...base, no_elsewhere: 1, elsewhere_distance_log: 0 })).toBe(false);
  });
});
