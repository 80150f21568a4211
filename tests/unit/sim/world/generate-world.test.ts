import { describe, expect, it } from 'vitest';
import { generateWorld } from '../../../../lib/sim/world/generate-world';
import { WORLDS, worldNamed } from '../../../../lib/sim/world/worlds';
import { WORLD_FRAUD_SCENARIOS } from '../../../../lib/sim/types';
import { NOW, world } from './world-fixtures';

describe('generateWorld', { timeout: 120_000 }, () => {
  it('is deterministic: the same world and seed give the same population, byte for byte', () => {
    const spec = worldNamed('africa_cell');
    const a = generateWorld(spec, { seed: 7, now: NOW, devices: 30 });
    const b = generateWorld(spec, { seed: 7, now: NOW, devices: 30 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(generateWorld(spec, { seed: 8, now: NOW, devices: 30 }))).not.toBe(
      JSON.stringify(a),
    );
  });

  it('gives every world a distinct name and its own reason to exist', () => {
    expect(new Set(WORLDS.map((w) => w.name)).size).toBe(WORLDS.length);
    expect(WORLDS.length).toBeGreaterThanOrEqual(6);
    for (const w of WORLDS) expect(w.why.length).toBeGreaterThan(40);
  });

  it('fills each fraud scenario its share and labels every installation and payment', () => {
    const p = world('americas_gig', 240);
    expect(p.devices.length).toBeGreaterThanOrEqual(240);
    const fraud = p.devices.filter((d) => d.label === 'fraud');
    expect(fraud.length).toBe(Math.round(240 * 0.3));
    for (const s of WORLD_FRAUD_SCENARIOS) expect(fraud.some((d) => d.scenario === s)).toBe(true);
    for (const d of p.devices) {
      expect(d.scenario.startsWith('honest') ? 'honest' : 'fraud').toBe(d.label);
      for (const pay of d.payments) expect(pay.label).toBe(d.label);
    }
  });

  it('keeps every fix and every upload in the past of now, each upload after the fixes it carries', () => {
    const problems: string[] = [];
    for (const d of world('iberia_late', 80).devices) {
      if (d.events.some((e, i) => i > 0 && e.ts < d.events[i - 1]!.ts))
        problems.push(`${d.installationId} unsorted`);
      for (const u of d.uploads ?? []) {
        if (u.at > NOW) problems.push(`${d.installationId} upload after now`);
        if (u.events.some((e) => e.ts > u.at))
          problems.push(`${d.installationId} fix sent before it was taken`);
      }
    }
    expect(problems).toEqual([]);
  });
});
