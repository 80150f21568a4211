import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adaptWhy } from '../../../lib/console-api/adapt-why';
import { formatMetres } from '../../../lib/console-api/format';
import { FACTS, reasonLabel, type Direction } from '../../../lib/console-api/reason-facts';
import { PAYMENT_FEATURES } from '../../../lib/domain/payment/payment-features';
import { REASON_CODES } from '../../../lib/domain/risk';
import { SIGNUP_FEATURES } from '../../../lib/domain/signup/signup-features';

const DIRECTIONS: Direction[] = ['raises', 'lowers'];
const logM = (m: number) => Math.log10(1 + Math.min(100_000, Math.max(0, m)));
const metres = fc.double({ min: 0, max: 100_000, noNaN: true });

describe('reason labels', () => {
  it('has a label for every reason code and every model feature', () => {
    for (const key of [...REASON_CODES, ...SIGNUP_FEATURES, ...PAYMENT_FEATURES])
      expect(FACTS[key], key).toBeDefined();
  });

  it('ends every label with the direction the engine gave, in both directions', () => {
    for (const key of Object.keys(FACTS)) {
      for (const direction of DIRECTIONS) {
        const label = reasonLabel(key, direction, { value: 1, evidence: {} });
        expect(label.endsWith(`→ ${direction} risk`), label).toBe(true);
      }
    }
  });

  it('grades script-like signals as the value says: none at 0, some above, at every grade and direction', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.constantFrom(...DIRECTIONS),
        (v, direction) => {
          const label = reasonLabel('signal_artefacts', direction, { value: v, evidence: {} });
          const grade = v.toFixed(1);
          expect(label).toContain(`graded ${grade} of 3`);
          if (grade === '0.0') expect(label).toMatch(/show no script-like trait/);
          else expect(label).toMatch(/show script-like traits/);
          expect(label).not.toMatch(/lean towards/);
        },
      ),
    );
  });

  it('never calls a payment near a trusted place "away" from it: the distance in the label is the evidence', () => {
    fc.assert(
      fc.property(metres, fc.constantFrom(...DIRECTIONS), (d, direction) => {
        const evidence = { distance_to_trusted_location: d };
        for (const key of ['trusted_location', 'trusted_distance_log']) {
          const label = reasonLabel(key, direction, {
            value: key === 'trusted_location' ? null : logM(d),
            evidence,
          });
          expect(label).toContain(`${formatMetres(d)} from the account's nearest trusted place`);
          expect(label).not.toMatch(/away|far from|not near/i);
        }
      }),
    );
  });

  it('states the events seen at the address as the evidence counts them, never "not verified"', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        metres,
        fc.constantFrom(...DIRECTIONS),
        (near, extra, nearest, direction) => {
          const total = near + extra;
          const evidence = {
            location_events_near_address: near,
            location_events_quantity: total,
            distance_from_nearest_location_to_declared_address: nearest,
          };
          for (const key of ['address_verification', 'near_share', 'near_events_log']) {
            const label = reasonLabel(key, direction, { value: total ? near / total : 0, evidence });
            expect(label).toContain(near.toLocaleString('en'));
            expect(label).not.toMatch(/not verified|never seen|no location events/i);
          }
          const nearestLabel = reasonLabel('nearest_distance_log', direction, {
            value: logM(nearest),
            evidence,
          });
          expect(nearestLabel).toContain(formatMetres(nearest));
        },
      ),
    );
  });

  it('reads counts back from the model units, capped counts as "or more"', () => {
    const nights = (n: number) =>
      reasonLabel('near_nights_log', 'lowers', { value: Math.log1p(Math.min(14, n)), evidence: {} });
    expect(nights(0)).toBe('0 nights spent within 150 m of the address → lowers risk');
    expect(nights(1)).toBe('1 night spent within 150 m of the address → lowers risk');
    expect(nights(53)).toBe('14 or more nights spent within 150 m of the address → lowers risk');
  });

  it('reads a log distance of exactly 0 as "no distance known", not as 0 m', () => {
    const label = reasonLabel('elsewhere_distance_log', 'lowers', { value: 0, evidence: {} });
    expect(label).toBe('No other device of the account to compare the current location with → lowers risk');
    expect(reasonLabel('elsewhere_distance_log', 'raises', { value: logM(5000), evidence: {} })).toContain(
      '5 km',
    );
  });

  it('names only the integrity problems the device reported', () => {
    const flags = fc.record({
      emulator: fc.boolean(),
      gps_spoofing: fc.boolean(),
      probable_root: fc.boolean(),
    });
    fc.assert(
      fc.property(flags, (f) => {
        const label = reasonLabel('device_integrity', 'raises', {
          value: null,
          evidence: { device_integrity: f },
        });
        expect(/emulator/.test(label)).toBe(f.emulator);
        expect(/GPS spoofing/.test(label)).toBe(f.gps_spoofing);
        expect(/rooted/.test(label)).toBe(f.probable_root);
        expect(/No integrity problem/.test(label)).toBe(!f.emulator && !f.gps_spoofing && !f.probable_root);
      }),
    );
  });

  it('says what a 0/1 feature is, whatever the direction', () => {
    const known = (value: number) => reasonLabel('known_account', 'raises', { value, evidence: {} });
    expect(known(1)).toContain('was used on this device before');
    expect(known(0)).toContain('First time this account is used on this device');
  });
});

describe('why this verdict', () => {
  const evidence = { distance_to_trusted_location: 14, location_events_quantity: 300 };

  it('reads a distance at the model\'s 100 km clip as "100 km or more", never as the clipped metres', () => {
    fc.assert(
      fc.property(fc.double({ min: 100_000, max: 20_000_000, noNaN: true }), (d) => {
        for (const key of ['anchor_distance_log', 'device_account_distance_log', 'home_distance_log']) {
          // As explanations store it: rounded to 4 decimals (5 exactly, which read back is 99,999 m).
          const label = reasonLabel(key, 'raises', { value: Math.round(logM(d) * 1e4) / 1e4, evidence: {} });
          expect(label, key).toContain('100 km or more');
          expect(label, key).not.toMatch(/99,99\d m|100,000 m/);
        }
      }),
    );
  });

  it('reads a distance under the clip back as the distance the model saw', () => {
    fc.assert(
      fc.property(fc.double({ min: 2, max: 99_900, noNaN: true }), (d) => {
        const label = reasonLabel('anchor_distance_log', 'raises', {
          value: Math.round(logM(d) * 1e4) / 1e4,
          evidence: {},
        });
        expect(label).not.toContain('or more');
        expect(label).toMatch(/\d m\)? beyond accuracy/);
      }),
    );
  });

  it('turns the stored explanation into a score, the decider and signed contributions', () => {
    const why = adaptWhy({
      riskAssessment: 'high_risk',
      reasons: [{ code: 'trusted_location', source: 'local' }],
      evidence,
      explanation: {
        probability: 0.83,
        decidedBy: 'model',
        thresholds: { low: 0.2, high: 0.7 },
        modelVersion: 'lr-test',
        contributions: [
          { feature: 'known_account', value: 0, effect: 1.6, reason: 'trusted_location' },
          { feature: 'trusted_distance_log', value: logM(14), effect: -0.4, reason: 'trusted_location' },
        ],
        rules: [],
        thinEvidence: null,
      },
    });
    expect(why.score).toBe('83 % probability of fraud');
    expect(why.decidedBy).toBe('The risk model decided');
    expect(why.contributions.map((c) => [c.direction, c.weight])).toEqual([
      ['raises', 100],
      ['lowers', 25],
    ]);
    expect(why.contributions[0]?.label).toBe('First time this account is used on this device → raises risk');
    expect(why.contributions[1]?.label).toBe(
      "Current location 14 m from the account's nearest trusted place → lowers risk",
    );
  });

  it('says why the evidence was too thin on unknown risk', () => {
    const why = adaptWhy({
      riskAssessment: 'unknown_risk',
      reasons: [],
      evidence: {},
      explanation: {
        probability: 0.4,
        decidedBy: 'thin_evidence',
        thresholds: { low: 0.2, high: 0.7 },
        modelVersion: 'lr-test',
        contributions: [],
        rules: [],
        thinEvidence: 'no_location_events',
      },
    });
    expect(why.thinEvidence).toBe('The device has sent no location events yet');
  });

  it('reads reasons of a low-risk verdict without an explanation as lowering the risk', () => {
    const why = adaptWhy({
      riskAssessment: 'low_risk',
      reasons: [{ code: 'address_verification', source: 'local' }],
      evidence: { location_events_near_address: 53, location_events_quantity: 60 },
      explanation: null,
    });
    expect(why.reasons[0]?.label).toBe('53 of 60 location events within 150 m of the address → lowers risk');
  });
});
