import { describe, expect, it } from 'vitest';
import { planTimeline } from '../../../../lib/sim/plan-timeline';
import { ingestionBodies } from '../../../../lib/sim/to-wire';
import { world } from './world-fixtures';

describe('how fixes reach the service', { timeout: 300_000 }, () => {
  const devices = () => world('americas_gig', 200).devices;

  it('sends late, twice and out of order, in every timestamp style, and sometimes two styles from one phone', () => {
    let duplicated = 0;
    let outOfOrder = 0;
    let mixed = 0;
    const styles = new Set<string>();
    for (const d of devices()) {
      const uploads = d.uploads ?? [];
      const seen = new Set<string>();
      let newest = -Infinity;
      for (const u of uploads) {
        styles.add(u.tsStyle);
        if (u.events.some((e) => seen.has(`${e.ts}:${e.lat}:${e.lng}`))) duplicated++;
        for (const e of u.events) seen.add(`${e.ts}:${e.lat}:${e.lng}`);
        const oldest = Math.min(...u.events.map((e) => e.ts));
        if (oldest < newest) outOfOrder++;
        newest = Math.max(newest, ...u.events.map((e) => e.ts));
      }
      if (new Set(uploads.map((u) => u.tsStyle)).size > 1) mixed++;
    }
    expect(duplicated).toBeGreaterThan(5);
    expect(outOfOrder).toBeGreaterThan(5);
    expect(mixed).toBeGreaterThan(3);
    expect([...styles].sort()).toEqual(['epoch_ms', 'iso_local', 'iso_utc']);
  });

  it('delivers every fix once at least, and nothing the phone did not record', () => {
    for (const d of devices()) {
      const sent = new Set((d.uploads ?? []).flatMap((u) => u.events));
      expect(d.events.filter((e) => !sent.has(e))).toEqual([]);
    }
  });

  it('flushes before an assessment: the service sees what the phone recorded until a minute before', () => {
    let checked = 0;
    for (const d of devices().filter((x) => x.signupAt !== null)) {
      const steps = planTimeline(d);
      const signup = steps.findIndex((s) => s.kind === 'signup');
      const received = new Set(steps.slice(0, signup).flatMap((s) => (s.kind === 'events' ? s.events : [])));
      const recorded = d.events.filter((e) => e.ts < d.signupAt! - 60_000);
      const missing = recorded.filter((e) => !received.has(e)).length;
      // A batch that failed and went again later may still be missing; most arrive.
      expect(missing).toBeLessThanOrEqual(recorded.length * 0.2 + 1);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('writes each upload in its timestamp style, all denoting the recorded instants', () => {
    for (const d of devices().slice(0, 40)) {
      for (const u of d.uploads ?? []) {
        const body = ingestionBodies(d, u.events, u.tsStyle)[0]!;
        body.events.forEach((e, i) => {
          expect(typeof e.ts === 'number' ? e.ts : Date.parse(e.ts)).toBe(u.events[i]!.ts);
        });
      }
    }
  });
});
