import { describe, expect, it } from 'vitest';
import type { AssessedRow } from '../../../lib/eval/assessed-row';
import { headline, meetsTargets } from '../../../lib/eval/headline-metrics';
import { BEGIN, END, replaceSection } from '../../../lib/eval/risk-doc';
import { worldRuns } from '../../../lib/eval/world-config';
import { headlineTable } from '../../../lib/eval/world-report';

function row(o: Partial<AssessedRow>): AssessedRow {
  return {
    kind: 'signup',
    installationId: 'i',
    scenario: 'honest_office',
    label: 'honest',
    atHome: false,
    daysOfData: 5,
    world: 'w',
    life: 'office',
    phone: 'iphone',
    app: 'background',
    features: {},
    probability: 0.1,
    verdict: 'low_risk',
    decidedBy: 'model',
    reasons: [],
    ...o,
  };
}

describe('world evaluation', () => {
  it('puts honest harm first: high_risk shares, at-address low_risk, unknown with data, takeover TPR', () => {
    const rows = [
      ...Array.from({ length: 98 }, (_, i) => row({ probability: i / 1000, atHome: i < 50 })),
      row({ verdict: 'high_risk', probability: 0.9 }),
      row({ verdict: 'unknown_risk', probability: 0.4, atHome: true }),
      row({ label: 'fraud', scenario: 'remote_signup_2km', verdict: 'high_risk', probability: 0.95 }),
      row({ label: 'fraud', scenario: 'emulator_hidden', verdict: 'low_risk', probability: 0.05 }),
      ...Array.from({ length: 100 }, (_, i) => row({ kind: 'payment', probability: i / 1000 })),
      row({
        kind: 'payment',
        label: 'fraud',
        scenario: 'account_takeover_local',
        probability: 0.5,
        verdict: 'high_risk',
      }),
    ];
    const h = headline(rows);
    expect(h.honestSignupHigh).toBeCloseTo(1 / 100);
    expect(h.honestAtHomeLow).toBeCloseTo(50 / 51);
    expect(h.unknownWithData).toBeCloseTo(1 / 200);
    expect(h.worstSignupScenario?.scenario).toBe('emulator_hidden');
    expect(h.worstSignupScenario?.auc).toBeCloseTo(0.505, 3);
    expect(h.takeoverTpr1).toBe(1);
    expect(meetsTargets(h)).toBe(false);
    expect(headlineTable([{ name: 'x', rows }])).toContain(
      '| x | 102 | 101 | 1.0 % | 0.0 % | 98.0 % | 0.5 % |',
    );
  });

  it('rewrites only the marked section of docs/RISK.md, appending it the first time', () => {
    const first = replaceSection('# Risk\n\ntext\n', 'table one');
    expect(first).toBe(`# Risk\n\ntext\n\n${BEGIN}\n\ntable one\n\n${END}\n`);
    const doc = `${first}\n## After\n`;
    const second = replaceSection(doc, 'table two');
    expect(second).toBe(`# Risk\n\ntext\n\n${BEGIN}\n\ntable two\n\n${END}\n\n## After\n`);
  });

  it('runs the trajectory world at half size and every other world at the size asked', () => {
    expect(worldRuns(['trajectory_study', 'antimeridian'], 's', 200)).toEqual([
      { world: 'trajectory_study', seed: 's', devices: 100 },
      { world: 'antimeridian', seed: 's', devices: 200 },
    ]);
  });
});
