import { describe, expect, it } from 'vitest';
import { generatePopulation } from '../../../lib/sim/generate-population';
import { FRAUD_SCENARIOS, HONEST_SCENARIOS } from '../../../lib/sim/types';
import { NOW, population } from './fixtures';

describe('generatePopulation', () => {
  it('is deterministic: the same seed gives the same population', () => {
    const a = generatePopulation({ seed: 7, now: NOW, devices: 60 });
    const b = generatePopulation({ seed: 7, now: NOW, devices: 60 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(generatePopulation({ seed: 8, now: NOW, devices: 60 }))).not.toBe(
      JSON.stringify(a),
    );
  });

  it('produces the requested number of installations and fraud share, with every scenario', () => {
    const p = population();
    expect(p.devices).toHaveLength(400);
    const fraud = p.devices.filter((d) => d.label === 'fraud').length;
    expect(fraud).toBe(120);
    const scenarios = new Set(p.devices.map((d) => d.scenario));
    for (const s of [...FRAUD_SCENARIOS, ...HONEST_SCENARIOS]) expect(scenarios).toContain(s);
    const perScenario = FRAUD_SCENARIOS.map((s) => p.devices.filter((d) => d.scenario === s).length);
    expect(Math.max(...perScenario) - Math.min(...perScenario)).toBeLessThanOrEqual(2);
  });

  it('restricts fraud to the requested scenarios', () => {
    const p = population({ scenarios: ['emulator'], devices: 50, fraudShare: 0.5 });
    const fraudScenarios = new Set(p.devices.filter((d) => d.label === 'fraud').map((d) => d.scenario));
    expect([...fraudScenarios]).toEqual(['emulator']);
  });

  it('has unique installation ids and sorted events, all in the past of now', () => {
    const p = population();
    expect(new Set(p.devices.map((d) => d.installationId)).size).toBe(p.devices.length);
    const problems: string[] = [];
    for (const d of p.devices) {
      if (d.events.some((e, i) => i > 0 && e.ts < d.events[i - 1]!.ts))
        problems.push(`${d.installationId} unsorted`);
      if (d.events.some((e) => e.ts > NOW)) problems.push(`${d.installationId} event after now`);
      if (d.payments.some((x) => x.ts > NOW) || d.feedback.some((x) => x.ts > NOW))
        problems.push(`${d.installationId} late`);
    }
    expect(problems).toEqual([]);
  });

  it('gives honest signups and the fraud labels of their scenarios', () => {
    for (const d of population().devices) {
      expect(d.label).toBe((FRAUD_SCENARIOS as readonly string[]).includes(d.scenario) ? 'fraud' : 'honest');
      for (const pay of d.payments) expect(pay.label).toBe(d.label);
    }
  });
});
